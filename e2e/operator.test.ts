// Issue 27, an operator's day with the executable itself: settings, the data folder's guards, keys,
// admins, health and metrics, logs, and a backup restored into a new folder. Each failed before.
import { MIGRATIONS } from '../src/server/db/migrations.gen'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BINARY, apiSignIn, freePort, startSmtp, type Smtp } from './harness'

const dirs: string[] = []
const newDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'swisstax-operator-'))
  dirs.push(d)
  return d
}
let smtp: Smtp
beforeAll(async () => {
  smtp = await startSmtp()
})
afterAll(async () => {
  await smtp?.stop()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

/** The executable as a command (admin, keys, backup): exit code and output. */
const cli = (args: string[], env: Record<string, string>) => {
  const p = Bun.spawnSync([BINARY, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, cwd: tmpdir() })
  return { code: p.exitCode, out: p.stdout.toString(), err: p.stderr.toString() }
}

type Running = Awaited<ReturnType<typeof serve>>
/** Starts the server; resolves once /readyz answers 200, or once it exits (a refusal). */
async function serve(env: Record<string, string> = {}, dataDir = newDir(), port?: number) {
  port ??= await freePort()
  const url = `http://127.0.0.1:${port}`
  const log: string[] = []
  const proc = Bun.spawn([BINARY], {
    cwd: tmpdir(),
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      SMTP_URL: smtp.url,
      RECOGNITION_WORKERS: '1',
      ...env,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const collect = async (s: ReadableStream<Uint8Array>) => {
    for await (const c of s) log.push(new TextDecoder().decode(c))
  }
  collect(proc.stdout)
  collect(proc.stderr)
  let exited: number | null = null
  proc.exited.then((code) => {
    exited = code
  })
  const until = Date.now() + 15_000
  for (;;) {
    if (exited !== null) break
    try {
      // Its own start line too: on a port in use, another server would answer.
      if ((await fetch(`${url}/readyz`)).status === 200 && log.join('').includes('listening on')) break
    } catch {}
    if (Date.now() > until) throw new Error(`server did not start:\n${log.join('')}`)
    await Bun.sleep(25)
  }
  return {
    url,
    port,
    dataDir,
    proc,
    log,
    text: () => log.join(''),
    get exited() {
      return exited
    },
    async stop() {
      proc.kill()
      await proc.exited
    },
  }
}

/** A refused start: exit code 1 and the message. */
async function refused(env: Record<string, string>, dataDir?: string, port?: number) {
  const s = await serve(env, dataDir, port)
  if (s.exited === null) {
    await s.stop()
    throw new Error(`the server started instead of refusing:\n${s.text()}`)
  }
  expect(s.exited).toBe(1)
  return s.text()
}

describe('settings', () => {
  test('a bad setting stops the start with the setting and the value', async () => {
    expect(await refused({ SESSION_IDLE_MINUTES: 'abc' })).toContain('SESSION_IDLE_MINUTES="abc" refused')
    expect(await refused({ PUBLIC_URL: 'notaurl' })).toContain('PUBLIC_URL="notaurl" refused')
  })
})

describe('the data folder and the port', () => {
  let a: Running
  beforeAll(async () => {
    a = await serve()
  })
  afterAll(() => a?.stop())

  test('a second server on a port in use is refused (no shared port)', async () => {
    const out = await refused({}, newDir(), a.port)
    expect(out).toContain(`port ${a.port} on 127.0.0.1 is in use`)
    expect(out).toContain('SHARED_PORT')
  })

  test('keys rotate is refused while the server runs', () => {
    const r = cli(['keys', 'rotate'], { DATA_DIR: a.dataDir })
    expect(r.code).toBe(1)
    expect(r.err).toContain('Refusing to rotate the keys: a swisstax server (or another key command) is using')
  })

  test('a data folder migrated by a newer version is refused', async () => {
    const dir = newDir()
    expect(cli(['admin', 'add', 'boss@firm.ch'], { DATA_DIR: dir }).code).toBe(0)
    const db = new Database(join(dir, 'swisstax.db'))
    db.query('INSERT INTO __migrations (tag, applied_at) VALUES (?, 0)').run('0099_from_the_future')
    db.close()
    expect(await refused({}, dir)).toContain('upgraded by a newer swisstax (migration 0099_from_the_future')
  })
})

const uploadText = async (s: Running, cookie: string, name: string, text: string) => {
  const bytes = new TextEncoder().encode(text)
  const form = new FormData()
  form.append('files', new Blob([bytes]), name)
  form.append('hashes[]', createHash('sha256').update(bytes).digest('hex'))
  form.append('taxYear', '2025')
  form.append('categoryId', '1')
  const r = await fetch(`${s.url}/api/files/upload`, { method: 'POST', headers: { cookie, origin: s.url }, body: form })
  expect(r.status).toBe(200)
  return (await r.json()).files[0].value.id as string
}
const recognised = async (s: Running, cookie: string, id: string) => {
  for (let i = 0; i < 400; i++) {
    const r = await (await fetch(`${s.url}/api/files/${id}/recognition`, { headers: { cookie } })).json()
    if (r.status !== 'pending') return r
    await Bun.sleep(100)
  }
  throw new Error('recognition never finished')
}

describe('keys rotate beside a running server (security finding 6)', () => {
  test('newest data key under the previous master key: the start is refused; keys repair puts it right', async () => {
    const s = await serve()
    const cookie = await apiSignIn(s.url, smtp, 'keys@example.ch')
    await uploadText(s, cookie, 'one.txt', 'first 2025')
    const second = await uploadText(s, cookie, 'two.txt', 'second 2025')
    await s.stop()
    const keyFile = join(s.dataDir, 'master.key')
    const previous = join(newDir(), 'previous.key')
    cpSync(keyFile, previous)
    const db = new Database(join(s.dataDir, 'swisstax.db'))
    const wrapped = db.query('SELECT wrapped_key FROM file_versions WHERE file_id = ?').get(second) as any
    db.close()
    expect(cli(['keys', 'rotate'], { DATA_DIR: s.dataDir }).code).toBe(0)
    // What a server still running with the old key did to every later upload:
    const after = new Database(join(s.dataDir, 'swisstax.db'))
    after.query('UPDATE file_versions SET wrapped_key = ? WHERE file_id = ?').run(wrapped.wrapped_key, second)
    after.close()
    expect(await refused({}, s.dataDir)).toContain('keys repair PREVIOUS_KEY_FILE')
    const repair = cli(['keys', 'repair', previous], { DATA_DIR: s.dataDir })
    expect(repair.out).toContain('re-wrapped 1 of')
    const again = await serve({}, s.dataDir)
    const content = await fetch(`${again.url}/api/files/${second}/content`, { headers: { cookie } })
    expect(await content.text()).toBe('second 2025')
    await again.stop()
  }, 60_000)
})

describe('admins', () => {
  test('admin list names them; the last admin cannot be removed', () => {
    const env = { DATA_DIR: newDir() }
    cli(['admin', 'add', 'one@firm.ch'], env)
    cli(['admin', 'add', 'two@firm.ch'], env)
    expect(cli(['admin', 'list'], env).out).toMatch(/one@firm\.ch.*\n.*two@firm\.ch/)
    expect(cli(['admin', 'remove', 'two@firm.ch'], env).code).toBe(0)
    const last = cli(['admin', 'remove', 'one@firm.ch'], env)
    expect(last.code).toBe(1)
    expect(last.err).toContain('one@firm.ch is the last admin')
    expect(cli(['admin', 'list'], env).out).toContain('one@firm.ch')
  })
})

describe('health, metrics and logs', () => {
  const token = 't'.repeat(32)
  let s: Running
  beforeAll(async () => {
    s = await serve({ LOG_FORMAT: 'json', METRICS_TOKEN: token, SHUTDOWN_DRAIN_SECONDS: '2' })
  })
  afterAll(() => s?.stop())

  test('JSON lines; a 404 and a foreign-Origin 403 each have an access line with the answer`s request id', async () => {
    const missing = await fetch(`${s.url}/api/nothing-here?code=123456`)
    const foreign = await fetch(`${s.url}/api/auth/request-code`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{"email":"a@example.ch"}',
    })
    expect([missing.status, foreign.status]).toEqual([404, 403])
    await Bun.sleep(100)
    const lines = s
      .text()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
    expect(lines[0]).toMatchObject({ level: 'info', msg: expect.any(String), time: expect.any(String) })
    expect(lines.find((l) => l.version)).toMatchObject({ migrations: MIGRATIONS.length })
    const byId = (r: Response) =>
      lines.find((l) => l.msg === 'request' && l.requestId === r.headers.get('x-request-id'))
    expect(byId(missing)).toMatchObject({ method: 'GET', path: '/api/nothing-here', status: 404, ip: '127.0.0.1' })
    expect(byId(foreign)).toMatchObject({ method: 'POST', path: '/api/auth/request-code', status: 403 })
    expect(s.text()).not.toContain('123456')
  })

  test('/healthz and /readyz answer; /metrics wants the token', async () => {
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200)
    expect((await fetch(`${s.url}/readyz`)).status).toBe(200)
    expect((await fetch(`${s.url}/metrics`)).status).toBe(401)
    const m = await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
    expect(m.status).toBe(200)
    const text = await m.text()
    expect(text).toContain('swisstax_http_requests_total{method="GET",route="/healthz",status="200"} 1')
    expect(text).toMatch(/swisstax_database_bytes \d+/)
  })

  test('SIGTERM: /readyz answers 503 while draining, then the server stops with a line', async () => {
    s.proc.kill('SIGTERM')
    await Bun.sleep(300)
    expect((await fetch(`${s.url}/readyz`)).status).toBe(503)
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200)
    expect(await s.proc.exited).toBe(0)
    expect(s.text()).toContain('"msg":"shutting down"')
    expect(s.text()).toContain('"msg":"stopped"')
  })
})

describe('backup and restore (README: "Restore")', () => {
  test('a backup of a live server, restored into a new folder, has the documents, texts and sessions', async () => {
    const live = await serve()
    const cookie = await apiSignIn(live.url, smtp, 'client@example.ch')
    const id = await uploadText(live, cookie, 'lohnausweis.txt', 'Lohnausweis 2025\nBruttolohn CHF 85000.00')
    expect((await recognised(live, cookie, id)).status).not.toBe('pending')
    const textBefore = await (
      await fetch(`${live.url}/api/files/${id}/recognition/text`, { headers: { cookie } })
    ).json()
    const listBefore = await (await fetch(`${live.url}/api/files?taxYear=2025`, { headers: { cookie } })).text()
    const backups = newDir()
    const made = cli(['backup', join(backups, 'swisstax.db'), '--with-key'], { DATA_DIR: live.dataDir })
    expect(made.code).toBe(0)
    await live.stop()

    // The README's steps, as an operator types them.
    const restored = newDir()
    cpSync(join(backups, 'swisstax.db'), join(restored, 'swisstax.db'))
    cpSync(join(backups, 'swisstax.db.blobs'), join(restored, 'blobs'), { recursive: true })
    cpSync(join(backups, 'swisstax.db.recognition'), join(restored, 'recognition'), { recursive: true })
    cpSync(join(backups, 'swisstax.db.key'), join(restored, 'master.key'))
    const back = await serve({}, restored)
    expect(back.exited).toBeNull()
    const list = await fetch(`${back.url}/api/files?taxYear=2025`, { headers: { cookie } })
    expect(list.status).toBe(200) // the session came back with the database
    expect(await list.text()).toBe(listBefore)
    const content = await fetch(`${back.url}/api/files/${id}/content`, { headers: { cookie } })
    expect(await content.text()).toBe('Lohnausweis 2025\nBruttolohn CHF 85000.00')
    const text = await (await fetch(`${back.url}/api/files/${id}/recognition/text`, { headers: { cookie } })).json()
    expect(text).toEqual(textBefore)
    expect(back.text()).not.toContain('queued for recognition')
    await back.stop()
    expect(readFileSync(join(restored, 'master.key'), 'utf8')).toBe(
      readFileSync(join(backups, 'swisstax.db.key'), 'utf8'),
    )
  }, 60_000)
})
