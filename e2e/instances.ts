// Several instances of the executable that must behave as one server (issues 22 and 24): the tests of the seam,
// run on each way of sharing the state: two processes on one data folder (SQLite, blobs on disk), and two
// stateless instances on one PostgreSQL database and one S3 bucket. Every rule that once held only because one
// process ran alone (a Map of attempts, a Set of running jobs, select-send-mark, read-then-write) is tried across
// both, with the instances started at the same moment on an empty database.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { tmpdir } from 'node:os'
import { freePort, startSmtp, BINARY, type Smtp } from './harness'
import { pdf, sha256, uploadForm } from '../src/server/documents/test-fixtures'
import { REQUIRED_CATEGORY_IDS } from '../src/shared/tax-status'

export const YEAR = 2025
export const EXPERT = 'expert@firm.ch'
const SECOND_EXPERT = 'zweite@firm.ch'

/** How the instances share their state, and how a test looks at it from outside. */
export interface Topology {
  /** The settings of instance `i` besides the port (its data folder, the database, the storage). */
  env(i: number): Record<string, string>
  /** One row of the shared database; `?` placeholders; portable SQL (counts CAST to INTEGER). */
  one<T>(sql: string, ...params: (string | number)[]): Promise<T>
  /** How many migrations the executable embeds for this database. */
  readonly migrations: number
  /** The stored documents' blobs (data folder or bucket): their names. */
  storedBlobs(): Promise<string[]>
  stop(): Promise<void>
}

export interface Proc {
  url: string
  port: number
  proc: ReturnType<typeof Bun.spawn>
  log: string[]
}

let smtp: Smtp
let topology: Topology
const procs: Proc[] = []

/** Starts instance `i` of the executable; does not wait for it. */
function spawn(port: number, i: number): Proc {
  const url = `http://127.0.0.1:${port}`
  const log: string[] = []
  const proc = Bun.spawn([BINARY], {
    cwd: tmpdir(),
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1',
      SMTP_URL: smtp.url,
      ADMIN_EMAILS: `${EXPERT},${SECOND_EXPERT}`,
      // One proxy in front: each test speaks from its own address (X-Forwarded-For), as clients behind it would.
      TRUST_PROXY: '1',
      RECOGNITION_WORKERS: '1',
      SWISSTAX_MASTER_KEY: Buffer.alloc(32, 3).toString('base64'),
      ...topology.env(i),
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const collect = async (s: ReadableStream<Uint8Array>) => {
    for await (const c of s) log.push(new TextDecoder().decode(c))
  }
  void collect(proc.stdout as ReadableStream<Uint8Array>)
  void collect(proc.stderr as ReadableStream<Uint8Array>)
  const p = { url, port, proc, log }
  procs.push(p)
  return p
}

export async function ready(p: Proc) {
  const until = Date.now() + 20_000
  for (;;) {
    if (p.proc.exitCode !== null) throw new Error(`exited ${p.proc.exitCode}:\n${p.log.join('')}`)
    try {
      if ((await fetch(`${p.url}/readyz`)).status === 200) return
    } catch {}
    if (Date.now() > until) throw new Error(`did not start:\n${p.log.join('')}`)
    await Bun.sleep(25)
  }
}

export let a: Proc
export let b: Proc

/** A request as a browser behind the proxy at `ip` would send it. */
export function call(p: Proc, path: string, opts: { ip: string; method?: string; body?: unknown; cookie?: string }) {
  return fetch(`${p.url}${path}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: {
      'x-forwarded-for': opts.ip,
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  })
}

/** Code requested on `first`, verified on `second`: the session cookie. */
export async function signIn(first: Proc, second: Proc, email: string, ip: string) {
  const since = smtp.mails.length
  expect((await call(first, '/api/auth/request-code', { ip, body: { email } })).status).toBe(200)
  const code = await smtp.codeFor(email, 10_000, since)
  const verified = await call(second, '/api/auth/verify-code', { ip, body: { email, code } })
  expect(verified.status).toBe(200)
  const user = ((await verified.json()) as { user: { id: number } }).user
  return { cookie: verified.headers.get('set-cookie')!.split(';')[0]!, id: user.id }
}

export async function upload(
  p: Proc,
  cookie: string,
  ip: string,
  name: string,
  data: Uint8Array<ArrayBuffer>,
  category = 1,
) {
  const res = await fetch(`${p.url}/api/files/upload`, {
    method: 'POST',
    headers: { cookie, 'x-forwarded-for': ip },
    body: uploadForm([{ name, data }], { taxYear: YEAR, categoryId: category }),
  })
  const json = (await res.json()) as { files: { status: string; value?: { id: string; blobUrl: string } }[] }
  return { status: res.status, json }
}

/**
 * The seam's tests on two instances sharing their state through `makeTopology`'s way; `more` adds the way's own
 * tests inside the same describe (after these, on the same instances).
 */
export function instanceTests(title: string, makeTopology: () => Promise<Topology>, more?: () => void) {
  beforeAll(async () => {
    smtp = await startSmtp()
    topology = await makeTopology()
    // The same moment, an empty database: both migrate it, one waits for the other's migration.
    const [pa, pb] = await Promise.all([freePort(), freePort()])
    a = spawn(pa, 0)
    b = spawn(pb, 1)
    await Promise.all([ready(a), ready(b)])
  }, 60_000)

  afterAll(async () => {
    for (const p of procs) {
      p.proc.kill(9)
      await p.proc.exited
    }
    await smtp?.stop()
    await topology?.stop()
  })

  describe(title, () => {
    seamTests()
    more?.()
  })
}

export const smtpOf = () => smtp
export const topologyOf = () => topology

function seamTests() {
  test('both come up on an empty database started at the same moment; the migrations ran once', async () => {
    expect(a.proc.exitCode).toBeNull()
    expect(b.proc.exitCode).toBeNull()
    const row = await topology.one<{ n: number; tags: number }>(
      'SELECT CAST(count(*) AS INTEGER) AS n, CAST(count(DISTINCT tag) AS INTEGER) AS tags FROM __migrations',
    )
    expect(row).toEqual({ n: topology.migrations, tags: topology.migrations })
  })

  test('a code requested on one is verified on the other; the session holds on both', async () => {
    const anna = await signIn(a, b, 'anna@example.ch', '10.0.0.1')
    for (const p of [a, b])
      expect((await call(p, '/api/user', { ip: '10.0.0.1', cookie: anna.cookie })).status).toBe(200)
  })

  test('the verify-code limit per address is one limit: the 31st try over both is refused', async () => {
    const ip = '10.0.0.2'
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) {
      const p = i % 2 ? b : a
      const r = await call(p, '/api/auth/verify-code', { ip, body: { email: `nobody${i}@example.ch`, code: '123456' } })
      statuses.push(r.status)
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true)
    expect(statuses[30]).toBe(429)
  })

  test('wrong tries spread over both end the code after five', async () => {
    const ip = '10.0.0.3'
    const email = 'wrong@example.ch'
    const since = smtp.mails.length
    expect((await call(a, '/api/auth/request-code', { ip, body: { email } })).status).toBe(200)
    const code = await smtp.codeFor(email, 10_000, since)
    const wrong = code === '000000' ? '111111' : '000000'
    const codes: string[] = []
    for (let i = 0; i < 5; i++) {
      const r = await call(i % 2 ? b : a, '/api/auth/verify-code', { ip, body: { email, code: wrong } })
      codes.push(((await r.json()) as { code: string }).code)
    }
    expect(codes).toEqual(['INVALID_CODE', 'INVALID_CODE', 'INVALID_CODE', 'INVALID_CODE', 'CODE_EXPIRED'])
    const right = await call(b, '/api/auth/verify-code', { ip, body: { email, code } })
    expect(((await right.json()) as { code: string }).code).toBe('CODE_EXPIRED')
  })

  test('an upload on one is listed and downloaded on the other', async () => {
    const ip = '10.0.0.4'
    const u = await signIn(b, a, 'ueli@example.ch', ip)
    const stored = await upload(a, u.cookie, ip, 'lohnausweis.pdf', pdf('lohn'))
    expect(stored.status).toBe(200)
    const list = await call(b, `/api/files?taxYear=${YEAR}`, { ip, cookie: u.cookie })
    expect(((await list.json()) as { filename: string }[]).map((f) => f.filename)).toEqual(['lohnausweis.pdf'])
    const content = await call(b, stored.json.files[0]!.value!.blobUrl, { ip, cookie: u.cookie })
    expect(new Uint8Array(await content.arrayBuffer())).toEqual(pdf('lohn'))
  })

  test('five required uploads at once, spread over both, move the year 2→3 once', async () => {
    const ip = '10.0.0.5'
    const expert = await signIn(a, b, EXPERT, ip)
    const v = await signIn(a, b, 'vreni@example.ch', ip)
    const set = await call(a, '/api/status/set', {
      ip,
      cookie: expert.cookie,
      body: { status: 2, taxYear: YEAR, userId: v.id, override: true },
    })
    expect(set.status).toBe(200)
    const [first, ...rest] = REQUIRED_CATEGORY_IDS
    expect((await upload(b, v.cookie, ip, 'first.pdf', pdf('first'), first)).status).toBe(200)
    const answers = await Promise.all(
      rest.map((category, i) =>
        upload(i % 2 ? a : b, v.cookie, ip, `doc-${category}.pdf`, pdf(`c${category}`), category),
      ),
    )
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    const status = await call(b, `/api/tax-status?taxYear=${YEAR}`, { ip, cookie: v.cookie })
    expect(((await status.json()) as { current_status_id: number }).current_status_id).toBe(3)
    const moves = await topology.one<{ n: number }>(
      "SELECT CAST(count(*) AS INTEGER) AS n FROM audit_log WHERE action = 'documents_complete' AND target_user_id = ?",
      v.id,
    )
    expect(moves.n).toBe(1)
  })

  test("one expert reply sends one mail, though both processes' senders look at the outbox", async () => {
    const ip = '10.0.0.6'
    const expert = await signIn(b, a, SECOND_EXPERT, ip)
    const r = await signIn(a, b, 'ruedi@example.ch', ip)
    expect((await call(a, '/api/send-message', { ip, cookie: r.cookie, body: { message: 'Eine Frage' } })).status).toBe(
      200,
    )
    const inbox = (await (await call(b, '/api/admin/messages', { ip, cookie: expert.cookie })).json()) as {
      id: number
      userId: number
    }[]
    const question = inbox.find((m) => m.userId === r.id)!
    // The mail server takes 7 s to acknowledge: the sending process holds the mail that long, and the other
    // process's sender (every 5 s) finds it unsent in the outbox meanwhile. Its lease keeps the other away.
    smtp.slow('ruedi@example.ch', 7_000)
    const since = smtp.mails.length
    const reply = await call(b, `/api/admin/messages/${question.id}/reply`, {
      ip,
      cookie: expert.cookie,
      body: { message: 'Die Antwort' },
    })
    expect(reply.status).toBe(200)
    // Both senders poll every 5 s: after two rounds, a mail sent twice would be here.
    const until = Date.now() + 12_000
    const replies = () => smtp.mails.slice(since).filter((m) => m.to === 'ruedi@example.ch')
    while (Date.now() < until && replies().length === 0) await Bun.sleep(100)
    await Bun.sleep(12_000)
    expect(replies()).toHaveLength(1)
    const row = await topology.one<{ n: number; sent: number }>(
      'SELECT CAST(count(*) AS INTEGER) AS n, CAST(count(sent_at) AS INTEGER) AS sent FROM mail_outbox ' +
        'WHERE to_address = ?',
      'ruedi@example.ch',
    )
    expect(row).toEqual({ n: 1, sent: 1 })
  }, 60_000)

  test('one recognition job runs once, though both processes work the queue', async () => {
    const ip = '10.0.0.7'
    const s = await signIn(a, b, 'sepp@example.ch', ip)
    const text = 'Lohnausweis 2025 Bruttolohn 85000 CHF Arbeitgeber Muster AG'
    const stored = await upload(b, s.cookie, ip, 'lohn.txt', new TextEncoder().encode(text))
    expect(stored.status).toBe(200)
    const id = stored.json.files[0]!.value!.id
    const until = Date.now() + 30_000
    type Job = { status: string; attempts: number; lease_owner: string | null }
    let row: Job | null = null
    while (Date.now() < until) {
      row = await topology.one<Job | null>(
        'SELECT status, attempts, lease_owner FROM recognitions WHERE file_id = ?',
        id,
      )
      if (row && row.status !== 'pending') break
      await Bun.sleep(100)
    }
    expect(row).toEqual({ status: 'done', attempts: 1, lease_owner: null })
  }, 40_000)

  test('kill -9 of one mid-upload: no row, no stored blob; the other answers; the killed one comes back', async () => {
    const ip = '10.0.0.8'
    const k = await signIn(b, a, 'kurt@example.ch', ip)
    const blobsBefore = (await topology.storedBlobs()).length
    const boundary = '----swisstaxkill'
    const enc = new TextEncoder()
    let sent = 0
    const killed = Promise.withResolvers<void>()
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(
          enc.encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="taxYear"\r\n\r\n${YEAR}\r\n` +
              `--${boundary}\r\nContent-Disposition: form-data; name="categoryId"\r\n\r\n1\r\n` +
              `--${boundary}\r\nContent-Disposition: form-data; name="hashes[]"\r\n\r\n${sha256('x')}\r\n` +
              `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\n` +
              'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
          ),
        )
        for (let i = 0; i < 400 && b.proc.exitCode === null; i++) {
          controller.enqueue(new Uint8Array(64 * 1024).fill(0x41))
          sent += 64 * 1024
          if (sent === 2 * 1024 * 1024) killed.resolve()
          await Bun.sleep(10)
        }
        controller.close()
      },
    })
    const inFlight = fetch(`${b.url}/api/files/upload`, {
      method: 'POST',
      headers: { cookie: k.cookie, 'x-forwarded-for': ip, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    }).catch((err: Error) => err)
    await killed.promise
    b.proc.kill(9)
    await b.proc.exited
    expect(await inFlight).toBeInstanceOf(Error)
    // The other keeps answering, and knows nothing of the cut-off upload.
    expect((await call(a, '/readyz', { ip })).status).toBe(200)
    const list = await call(a, `/api/files?taxYear=${YEAR}`, { ip, cookie: k.cookie })
    expect(await list.json()).toEqual([])
    const files = await topology.one<{ n: number }>(
      "SELECT CAST(count(*) AS INTEGER) AS n FROM files WHERE original_name = 'big.pdf'",
    )
    expect(files.n).toBe(0)
    expect((await topology.storedBlobs()).length).toBe(blobsBefore)
    // The killed one comes back on the same folder and port, beside the one that kept running.
    b = spawn(b.port, 1)
    await ready(b)
    expect((await call(b, `/api/files?taxYear=${YEAR}`, { ip, cookie: k.cookie })).status).toBe(200)
    expect((await call(a, '/api/user', { ip, cookie: k.cookie })).status).toBe(200)
  }, 60_000)

  test('SIGTERM mid-upload: the upload in flight is stored, then it exits; the other answers', async () => {
    const ip = '10.0.0.9'
    const g = await signIn(a, b, 'gret@example.ch', ip)
    const boundary = '----swisstaxterm'
    const enc = new TextEncoder()
    const data = new Uint8Array(4 * 1024 * 1024).fill(0x42)
    data.set(enc.encode('%PDF-1.4\n'))
    const halfway = Promise.withResolvers<void>()
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(
          enc.encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="taxYear"\r\n\r\n${YEAR}\r\n` +
              `--${boundary}\r\nContent-Disposition: form-data; name="categoryId"\r\n\r\n2\r\n` +
              `--${boundary}\r\nContent-Disposition: form-data; name="hashes[]"\r\n\r\n${sha256(data)}\r\n` +
              `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="late.pdf"\r\n` +
              'Content-Type: application/pdf\r\n\r\n',
          ),
        )
        for (let i = 0; i < 64; i++) {
          controller.enqueue(data.subarray(i * 65536, (i + 1) * 65536))
          if (i === 16) halfway.resolve()
          await Bun.sleep(15)
        }
        controller.enqueue(enc.encode(`\r\n--${boundary}--\r\n`))
        controller.close()
      },
    })
    const inFlight = fetch(`${b.url}/api/files/upload`, {
      method: 'POST',
      headers: { cookie: g.cookie, 'x-forwarded-for': ip, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    })
    await halfway.promise
    b.proc.kill('SIGTERM')
    const answer = await inFlight
    expect(answer.status).toBe(200)
    expect(await b.proc.exited).toBe(0)
    const list = await call(a, `/api/files?taxYear=${YEAR}`, { ip, cookie: g.cookie })
    expect(((await list.json()) as { filename: string }[]).map((f) => f.filename)).toEqual(['late.pdf'])
    b = spawn(b.port, 1)
    await ready(b)
  }, 60_000)
}
