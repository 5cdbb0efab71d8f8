// The executable itself: CLI, embedded client, headers, production mode.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BINARY, startServer } from './harness'

const run = (args: string[], env: Record<string, string> = {}) => {
  const p = Bun.spawnSync([BINARY, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, cwd: tmpdir() })
  return { code: p.exitCode, out: p.stdout.toString(), err: p.stderr.toString() }
}

describe('command line', () => {
  test('--help lists the sub-commands, --version prints the version', () => {
    const help = run(['--help'])
    expect(help.code).toBe(0)
    for (const c of ['serve', 'admin add EMAIL', 'backup FILE', '--version']) expect(help.out).toContain(c)
    const version = run(['--version'])
    expect(version.out.trim()).toMatch(/^\d+\.\d+\.\d+$/)
  })

  test('an unknown command exits with 2 and the help', () => {
    const r = run(['frobnicate'])
    expect(r.code).toBe(2)
    expect(r.err).toContain('unknown command')
  })

  test('admin add grants the role, in a fresh data folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'swisstax-cli-'))
    try {
      const r = run(['admin', 'add', 'Expert@Firm.CH'], { DATA_DIR: dir })
      expect(r.code).toBe(0)
      const db = new Database(join(dir, 'swisstax.db'), { readonly: true })
      expect(db.query('SELECT email, role FROM users').all()).toEqual([{ email: 'expert@firm.ch', role: 'admin' }])
      db.close()
      expect(statSync(join(dir, 'master.key')).mode & 0o777).toBe(0o600)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the JIT tiers of the served executable (health/jit-tiers.ts)', () => {
  const environment = (pid: number) =>
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter((v) => v.startsWith('BUN_JSC_'))

  test('serves without the FTL tier: it starts itself again in the same process with the setting', async () => {
    const server = await startServer()
    try {
      // The PID that was spawned without the variable serves with it: replaced in place (execve), not a child.
      expect(environment(server.proc.pid)).toEqual(['BUN_JSC_useFTLJIT=0'])
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    } finally {
      await server.stop()
    }
  })

  test("an operator's own setting is kept", async () => {
    const server = await startServer({ BUN_JSC_useFTLJIT: '1' })
    try {
      expect(environment(server.proc.pid)).toEqual(['BUN_JSC_useFTLJIT=1'])
    } finally {
      await server.stop()
    }
  })
})

describe('the running executable', () => {
  let server: Awaited<ReturnType<typeof startServer>>
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(async () => {
    await server?.stop()
  })

  test('serves the SPA for client routes with the security headers', async () => {
    for (const path of ['/', '/login', '/profile', '/no-such-page']) {
      const r = await fetch(server.url + path)
      expect(r.status).toBe(200)
      expect(r.headers.get('content-type')).toContain('text/html')
      const csp = r.headers.get('content-security-policy')!
      for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "script-src 'self'"])
        expect(csp).toContain(d)
      expect(r.headers.get('x-content-type-options')).toBe('nosniff')
      expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(r.headers.get('cross-origin-opener-policy')).toBe('same-origin')
      expect(r.headers.get('permissions-policy')).toContain('camera=(self)')
      expect(r.headers.get('strict-transport-security')).toBeNull()
      expect(await r.text()).toContain('<div id="root">')
    }
  })

  test('hashed assets are cached for a year and sent gzipped', async () => {
    const html = await (await fetch(`${server.url}/`)).text()
    const js = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!
    const r = await fetch(server.url + js, { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit)
    expect(r.status).toBe(200)
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(r.headers.get('content-encoding')).toBe('gzip')
    const index = await fetch(`${server.url}/index.html`)
    expect(index.headers.get('cache-control')).toBe('no-cache')
    // Pictures without a hash: an hour, so the page uses the logo that index.html preloads.
    const logo = await fetch(`${server.url}/images/logo.svg`)
    expect(logo.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(logo.headers.get('etag')).toBeTruthy()
    const again = await fetch(`${server.url}/index.html`, { headers: { 'if-none-match': index.headers.get('etag')! } })
    expect(again.status).toBe(304)
  })

  test('embeds the manifest, service worker, locales, icons and sounds', async () => {
    for (const [path, type] of [
      ['/manifest.webmanifest', 'manifest+json'],
      ['/sw.js', 'javascript'],
      ['/locales/gsw/common.json', 'json'],
      ['/icons/icon-192.png', 'image/png'],
      ['/api/audio/intro.wav', 'audio/wav'],
      ['/images/logo.svg', 'image/svg+xml'],
    ]) {
      const r = await fetch(server.url + path)
      expect({ path, status: r.status }).toEqual({ path, status: 200 })
      expect(r.headers.get('content-type')).toContain(type!)
    }
    const manifest = await (await fetch(`${server.url}/manifest.webmanifest`)).json()
    expect(manifest.icons.some((i: { sizes: string }) => i.sizes === '512x512')).toBe(true)
    const sw = await (await fetch(`${server.url}/sw.js`)).text()
    expect(sw).toContain('SKIP_WAITING')
    expect(sw).not.toMatch(/["']\/api\//) // nothing under /api is precached
  })

  test('unknown /api paths are 404 JSON, /api answers are no-store', async () => {
    const r = await fetch(`${server.url}/api/no/such/thing`)
    expect(r.status).toBe(404)
    expect(await r.json()).toEqual({ message: 'No such endpoint: /api/no/such/thing', code: 'NOT_FOUND' })
    const probe = await fetch(`${server.url}/api/debug/check-auth`)
    expect(probe.headers.get('cache-control')).toBe('no-store')
    expect((await fetch(`${server.url}/api/audio/..%2f..%2fmaster.key`)).status).toBe(404)
  })

  test('production mode: no dev route answers, no debug panel in the bundle', async () => {
    for (const path of ['/api/debug/login-as/1', '/api/debug/mailbox'])
      expect((await fetch(server.url + path)).status).toBe(404)
    // The debug panel's database status is for experts in every mode: without a session, 401.
    expect((await fetch(`${server.url}/api/debug/db-status`)).status).toBe(401)
    const restore = await fetch(`${server.url}/api/auth/quick-restore`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@b.ch"}',
    })
    expect(restore.status).toBe(404)
    expect(restore.headers.get('set-cookie')).toBeNull()
    const assets = readdirSync('dist/client/assets').filter((f) => f.endsWith('.js'))
    for (const f of assets)
      expect({ f, leaked: (await Bun.file(`dist/client/assets/${f}`).text()).includes('/api/debug/login-as') }).toEqual(
        { f, leaked: false },
      )
  })

  test('the code is logged when no SMTP is configured, and the log says so at start', async () => {
    const r = await fetch(`${server.url}/api/auth/request-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"log@example.ch"}',
    })
    expect(r.status).toBe(200)
    await Bun.sleep(100)
    const log = server.log.join('')
    expect(log).toContain('no mail configured')
    expect(log).toMatch(/login code for log@example\.ch: \d{6}/)
  })

  test('backup writes a consistent copy of the live database', async () => {
    const target = join(server.dataDir, '..', `backup-${server.port}.db`)
    try {
      const r = run(['backup', target], { DATA_DIR: server.dataDir })
      expect(r.code).toBe(0)
      const copy = new Database(target, { readonly: true })
      expect(copy.query('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' })
      expect((copy.query('SELECT count(*) AS n FROM login_codes').get() as { n: number }).n).toBeGreaterThanOrEqual(1)
      copy.close()
      expect(run(['backup', target], { DATA_DIR: server.dataDir }).code).not.toBe(0) // never overwrites
      expect(readdirSync(join(target, '..')).some((f) => f.includes('.tmp-'))).toBe(false)
    } finally {
      rmSync(target, { force: true })
      rmSync(`${target}.blobs`, { recursive: true, force: true })
    }
    expect(existsSync(target)).toBe(false)
  })
})
