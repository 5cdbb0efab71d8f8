// The outside probe's findings (issue 13), one test each: these failed before the fixes.
import { afterEach, describe, expect, test } from 'bun:test'
import { testApp } from '../test-helpers'
import { createLogger } from '../log'
import { isValidEmail } from '../../shared/email'
import { displayName } from '../documents/content-check'
import { clientIp } from '../infra/request-context'
import { loadConfig } from '../config'
import { JSON_BODY_LIMIT } from './body-limit'
import { sweepAuditDaily } from '../infra/audit'

let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())

/** A body of `total` bytes that counts what the server pulls from it; no Content-Length. */
function countingBody(total: number, chunk = 64 * 1024) {
  const counter = { pulled: 0 }
  const piece = new Uint8Array(chunk).fill(0x20)
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close()
      counter.pulled += piece.length
      controller.enqueue(piece)
    },
  })
  return { stream, counter }
}

describe('1. body limits before parsing or authentication', () => {
  test.each(['/api/send-message', '/api/auth/request-code', '/api/auth/logout', '/api/no-such-route'])(
    'a 120 MB body without a cookie to %s: 413 after at most the limit, the rest never read',
    async (path) => {
      t = await testApp()
      const { stream, counter } = countingBody(120 * 1024 * 1024)
      const res = await t.app.handle(
        new Request(`http://localhost${path}`, {
          method: 'POST',
          body: stream,
          headers: { 'content-type': 'application/json' },
          duplex: 'half',
        } as RequestInit),
      )
      expect(res.status).toBe(path === '/api/no-such-route' ? 404 : 413)
      if (res.status === 413) expect(await res.json()).toMatchObject({ code: 'BODY_TOO_LARGE' })
      expect(counter.pulled).toBeLessThan(1024 * 1024)
    },
  )

  test('a JSON body just under the limit is parsed; a byte over is 413', async () => {
    t = await testApp()
    const pad = (n: number) => JSON.stringify({ email: 'a@example.ch', language: 'en', pad: 'x'.repeat(n) })
    const base = pad(0).length
    const ok = await t.request('POST', '/api/auth/request-code', {
      raw: pad(JSON_BODY_LIMIT - base),
      headers: { 'content-type': 'application/json' },
    })
    expect(ok.status).toBe(200)
    const over = await t.request('POST', '/api/auth/request-code', {
      raw: pad(JSON_BODY_LIMIT - base + 1),
      headers: { 'content-type': 'application/json' },
    })
    expect(over.status).toBe(413)
    expect(over.json).toEqual({ message: expect.any(String), code: 'BODY_TOO_LARGE' })
  })

  test('octet-stream and multipart to a JSON route are not buffered whole', async () => {
    t = await testApp()
    for (const type of ['application/octet-stream', 'multipart/form-data; boundary=x']) {
      const { stream, counter } = countingBody(50 * 1024 * 1024)
      const res = await t.app.handle(
        new Request('http://localhost/api/send-message', {
          method: 'POST',
          body: stream,
          headers: { 'content-type': type },
          duplex: 'half',
        } as RequestInit),
      )
      expect([413, 415]).toContain(res.status)
      expect((await res.json()).code).toMatch(/^[A-Z_]+$/)
      expect(counter.pulled).toBeLessThan(1024 * 1024)
    }
  })

  test(
    "over the network, a Content-Length of 300 MB (past Bun's own limit) gets the JSON 413, not Bun's " + 'empty one',
    async () => {
      t = await testApp()
      const server = t.app.listen({ port: 0, hostname: '127.0.0.1' }).server!
      try {
        const answer = await new Promise<string>((resolve, reject) => {
          let text = ''
          Bun.connect({
            hostname: '127.0.0.1',
            port: server.port!,
            socket: {
              open(s) {
                s.write(
                  'POST /api/auth/request-code HTTP/1.1\r\nHost: localhost\r\nContent-Type: ' +
                    'application/json\r\nContent-Length: 300000000\r\n\r\n' +
                    ' '.repeat(200_000),
                )
              },
              data(s, d) {
                text += d.toString()
                if (text.includes('"code"')) {
                  s.end()
                  resolve(text)
                }
              },
              close() {
                resolve(text)
              },
              error(_s, e) {
                reject(e)
              },
            },
          }).catch(reject)
        })
        expect(answer).toStartWith('HTTP/1.1 413')
        expect(answer).toContain('"code":"BODY_TOO_LARGE"')
        expect(answer.toLowerCase()).toContain('cache-control: no-store')
      } finally {
        server.stop(true)
      }
    },
  )
})

describe('3. nesting and member limits', () => {
  test('a body nested 5,000 deep is a 400, not a 500 from a stack overflow', async () => {
    t = await testApp()
    const { cookie } = await t.signIn('a@example.ch')
    const deep = `{"message":${'['.repeat(5000)}${']'.repeat(5000)}}`
    for (const [path, withCookie] of [
      ['/api/send-message', true],
      ['/api/auth/request-code', false],
    ] as const) {
      const r = await t.request('POST', path, {
        raw: deep,
        cookie: withCookie ? cookie : undefined,
        headers: { 'content-type': 'application/json' },
      })
      expect(r.status).toBe(400)
      expect(r.json.code).toBe('BODY_TOO_DEEP')
    }
  })
  test('too many members is a 400; brackets inside strings do not count', async () => {
    t = await testApp()
    const many = JSON.stringify({ email: 'a@example.ch', list: Array.from({ length: 6000 }, () => 0) })
    expect(
      (
        await t.request('POST', '/api/auth/request-code', {
          raw: many,
          headers: { 'content-type': 'application/json' },
        })
      ).json.code,
    ).toBe('BODY_TOO_MANY_MEMBERS')
    const inString = JSON.stringify({ email: 'a@example.ch', language: '[[[[' })
    expect(
      (
        await t.request('POST', '/api/auth/request-code', {
          raw: inString,
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(200)
  })
})

describe('4. malformed session cookie', () => {
  test('401 with a cleared cookie on authenticated routes; logout answers too', async () => {
    t = await testApp()
    const cookie = 'swisstax_session=%E0%A4%A'
    for (const path of ['/api/user', '/api/files', '/api/debug/check-auth', '/api/notifications']) {
      const r = await t.request('GET', path, { cookie })
      expect(r.status).toBe(401)
      expect(r.json).toEqual({ message: 'Session expired', code: 'SESSION_EXPIRED' })
      expect(r.headers.get('set-cookie')).toMatch(/^swisstax_session=; .*Max-Age=0/)
    }
    const out = await t.request('POST', '/api/auth/logout', { cookie })
    expect(out.status).toBe(200)
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0')
  })
})

describe('5. no-store on every /api answer', () => {
  test('the polled GETs and their 304s', async () => {
    t = await testApp()
    const { cookie } = await t.signIn('a@example.ch')
    for (const path of ['/api/user', '/api/files', '/api/notifications', '/api/tax-status']) {
      const first = await t.request('GET', path, { cookie })
      expect(first.status).toBe(200)
      expect(first.headers.get('cache-control')).toBe('no-store')
      const etag = first.headers.get('etag')
      if (!etag) continue
      const again = await t.request('GET', path, { cookie, headers: { 'if-none-match': etag } })
      expect(again.status).toBe(304)
      expect(again.headers.get('cache-control')).toBe('no-store')
    }
  })
})

describe('2 and 6. audit rows name the target and collapse repeats; verify-code has a per-IP limit', () => {
  test('failed sign-ins at an existing account name it by id; at an unknown address by a keyed hash', async () => {
    // Two clients (their addresses through one trusted proxy): one row per client, named by its first target.
    t = await testApp({ TRUST_PROXY: '1' })
    const { user } = await t.signIn('known@example.ch')
    for (const [email, ip] of [
      ['known@example.ch', '198.51.100.1'],
      ['known@example.ch', '198.51.100.1'],
      ['nobody@example.ch', '198.51.100.2'],
    ]) {
      await t.request('POST', '/api/auth/verify-code', {
        body: { email, code: '000000' },
        headers: { 'x-forwarded-for': ip! },
      })
    }
    const rows = await t.ctx.backend.all<{
      target_user_id: number | null
      target_hash: string | null
      repeats: number
    }>("SELECT target_user_id, target_hash, repeats FROM audit_log WHERE action = 'verify_failed' ORDER BY id")
    expect(rows).toHaveLength(2)
    expect(rows[0]).toEqual({ target_user_id: user.id, target_hash: null, repeats: 2 })
    expect(rows[1]!.target_user_id).toBeNull()
    expect(rows[1]!.target_hash).toMatch(/^[0-9a-f]{32}$/)
    expect(rows[1]!.target_hash).not.toContain('nobody')
  })
  test('a flood of verify-code from one address: 429 after the per-IP cap, and a handful of audit rows', async () => {
    t = await testApp()
    const statuses: number[] = []
    for (let i = 0; i < 200; i++) {
      const r = await t.request('POST', '/api/auth/verify-code', {
        body: { email: `v${i % 3}@example.ch`, code: '123456' },
      })
      statuses.push(r.status)
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true)
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true)
    const rows = (await t.ctx.backend.get<{ n: number }>('SELECT count(*) AS n FROM audit_log'))!.n
    expect(rows).toBeLessThanOrEqual(6)
    const total = (await t.ctx.backend.get<{ n: number }>('SELECT sum(repeats) AS n FROM audit_log'))!.n
    expect(total).toBe(200)
    // After the window the address may try again.
    t.clock.now += 10 * 60_000
    expect(
      (await t.request('POST', '/api/auth/verify-code', { body: { email: 'v1@example.ch', code: '123456' } })).status,
    ).toBe(400)
  })
  test('code-request rate-limit hits name the target too', async () => {
    t = await testApp()
    await t.request('POST', '/api/auth/request-code', { body: { email: 'a@example.ch' } })
    await t.request('POST', '/api/auth/request-code', { body: { email: 'a@example.ch' } })
    const row = (await t.ctx.backend.get<{ target_hash: string | null }>(
      "SELECT target_hash FROM audit_log WHERE action = 'rate_limited'",
    ))!
    expect(row.target_hash).toMatch(/^[0-9a-f]{32}$/)
  })
  test('audit retention: the maintenance sweep removes entries older than AUDIT_RETENTION_DAYS', async () => {
    t = await testApp({ AUDIT_RETENTION_DAYS: '30' })
    await t.signIn('a@example.ch')
    t.clock.now += 31 * 86_400_000
    await t.signIn('b@example.ch')
    await sweepAuditDaily(t.ctx)
    const left = await t.ctx.backend.all<{ at: number }>('SELECT at FROM audit_log')
    expect(left.length).toBeGreaterThan(0)
    expect(left.every((r) => r.at >= t.clock.now - 30 * 86_400_000)).toBe(true)
  })
})

describe('7. control and bidi characters', () => {
  test('refused in e-mails', async () => {
    t = await testApp()
    for (const email of ['a\u001b[31m@example.ch', 'a@exam\u202eple.ch', 'a\u0000@example.ch', 'a\u200b@example.ch']) {
      expect(isValidEmail(email)).toBe(false)
      const r = await t.request('POST', '/api/auth/request-code', { body: { email } })
      expect(r.status).toBe(400)
      expect(r.json.code).toBe('INVALID_EMAIL')
    }
    expect(t.mails).toHaveLength(0)
  })
  test('stripped from stored file names', () => {
    expect(displayName('invoice\u202efdp.exe.pdf')).toBe('invoicefdp.exe.pdf')
    expect(displayName('a\u001b[31mb\u200b.pdf')).toBe('a[31mb.pdf')
  })
  test('escaped in every log line', () => {
    const lines: string[] = []
    const log = createLogger((l) => lines.push(l))
    log.info('login code for a\u001b[31m@x.ch\nFAKE LINE \u202e', { name: 'x\u202ey' })
    expect(lines).toHaveLength(1)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for raw control characters in a log line
    expect(lines[0]).not.toMatch(/[\u0000-\u001f\u202e]/)
    expect(lines[0]).toContain('\\u{1b}[31m')
    expect(lines[0]).toContain('\\u{202e}')
  })
})

describe('8. TRUST_PROXY=N counts trusted hops from the right', () => {
  const server = { requestIP: () => ({ address: '10.0.0.2' }) }
  const req = (xff: string) => new Request('http://localhost/', { headers: { 'x-forwarded-for': xff } })
  test.each([
    ['0', 'spoofed, 198.51.100.7', '10.0.0.2'],
    ['1', 'spoofed, 198.51.100.7', '198.51.100.7'],
    ['2', 'spoofed, 198.51.100.7, 10.0.0.9', '198.51.100.7'],
    ['true', '1.1.1.1, 198.51.100.7', '198.51.100.7'],
    ['3', '198.51.100.7', '198.51.100.7'],
  ])('TRUST_PROXY=%s, X-Forwarded-For "%s" → %s', (hops, xff, expected) => {
    const config = loadConfig({ TRUST_PROXY: hops })
    expect(clientIp(req(xff), server, config)).toBe(expected)
  })
  test('one client behind a proxy that appends cannot pass the per-IP code cap by writing its own entry', async () => {
    t = await testApp({ TRUST_PROXY: '1' })
    const statuses: number[] = []
    for (let i = 0; i < 25; i++) {
      const r = await t.request('POST', '/api/auth/request-code', {
        body: { email: `p${i}@example.ch` },
        headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` },
      })
      statuses.push(r.status)
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20)
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true)
  })
})
