// The built executable sees each client's own address (issue 21): the per-address limits, the audit and the
// sessions list hold the address the request came from, not 127.0.0.1 for everyone. The minified executable
// once lost the address (Elysia's context inference missed `server`), which no test against the source caught.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import http from 'node:http'
import { join } from 'node:path'
import { startServer, startSmtp, type Server, type Smtp } from './harness'

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** One request from a chosen loopback address (fetch cannot choose its source address). */
function from(
  localAddress: string,
  url: string,
  opts: { method?: string; body?: unknown; cookie?: string } = {},
): Promise<Answer> {
  const u = new URL(url)
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: opts.method ?? 'GET',
        localAddress,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
        },
      },
      (res) => {
        let text = ''
        res.on('data', (c) => (text += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

describe('the executable tells its clients apart by address', () => {
  let smtp: Smtp
  let server: Server
  beforeAll(async () => {
    smtp = await startSmtp()
    // Listening on every address of the loopback range, not only 127.0.0.1.
    server = await startServer({ SMTP_URL: smtp.url, HOST: '0.0.0.0', ADMIN_EMAILS: 'expert@firm.ch' })
  })
  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
  })

  async function signIn(address: string, email: string) {
    const since = smtp.mails.length
    const sent = await from(address, `${server.url}/api/auth/request-code`, { method: 'POST', body: { email } })
    expect(sent.status).toBe(200)
    const code = await smtp.codeFor(email, 10_000, since)
    const verified = await from(address, `${server.url}/api/auth/verify-code`, {
      method: 'POST',
      body: { email, code },
    })
    expect(verified.status).toBe(200)
    return String(verified.headers['set-cookie']).split(';')[0]!
  }

  test('each session, audit row and code request carries the address it came from', async () => {
    const anna = await signIn('127.0.0.2', 'anna@example.ch')
    const beat = await signIn('127.0.0.3', 'beat@example.ch')
    const sessionsOf = async (address: string, cookie: string) =>
      JSON.parse((await from(address, `${server.url}/api/auth/sessions`, { cookie })).body).sessions as {
        ip: string
      }[]
    expect((await sessionsOf('127.0.0.2', anna)).map((s) => s.ip)).toEqual(['127.0.0.2'])
    expect((await sessionsOf('127.0.0.3', beat)).map((s) => s.ip)).toEqual(['127.0.0.3'])

    const db = new Database(join(server.dataDir, 'swisstax.db'), { readonly: true })
    try {
      const signIns = db
        .query<{ ip: string; email: string }, []>(
          'SELECT a.ip, u.email FROM audit_log a JOIN users u ON u.id = a.user_id ' +
            "WHERE a.action = 'sign_in' ORDER BY u.email",
        )
        .all()
      expect(signIns).toEqual([
        { ip: '127.0.0.2', email: 'anna@example.ch' },
        { ip: '127.0.0.3', email: 'beat@example.ch' },
      ])
      const codes = db.query<{ ip: string }, []>('SELECT DISTINCT ip FROM login_codes ORDER BY ip').all()
      expect(codes.map((c) => c.ip)).toEqual(['127.0.0.2', '127.0.0.3'])
    } finally {
      db.close()
    }
  })

  test("one address's code-request limit does not lock out another address", async () => {
    // 20 code requests per address and hour: 127.0.0.4 spends them on 20 addresses (one already went on nothing).
    let refused: Answer | undefined
    for (let i = 0; i < 25 && !refused; i++) {
      const r = await from('127.0.0.4', `${server.url}/api/auth/request-code`, {
        method: 'POST',
        body: { email: `spray${i}@example.ch` },
      })
      if (r.status === 429) refused = r
      else expect(r.status).toBe(200)
    }
    expect(refused?.status).toBe(429)
    expect(JSON.parse(refused!.body).code).toBe('RATE_LIMITED')
    // Another client is not affected.
    const other = await from('127.0.0.5', `${server.url}/api/auth/request-code`, {
      method: 'POST',
      body: { email: 'someone@example.ch' },
    })
    expect(other.status).toBe(200)
    // The refusal is audited with the refused client's address.
    const db = new Database(join(server.dataDir, 'swisstax.db'), { readonly: true })
    try {
      const limited = db
        .query<{ ip: string }, []>("SELECT ip FROM audit_log WHERE action = 'rate_limited'")
        .all()
        .map((r) => r.ip)
      expect(limited).toEqual(['127.0.0.4'])
    } finally {
      db.close()
    }
  })

  test("wrong codes from one address do not block another address's sign-in", async () => {
    // 30 verify-code attempts per address in 10 minutes.
    let refused = 0
    for (let i = 0; i < 32; i++) {
      const r = await from('127.0.0.6', `${server.url}/api/auth/verify-code`, {
        method: 'POST',
        body: { email: `nobody${i}@example.ch`, code: '000000' },
      })
      if (r.status === 429) refused++
    }
    expect(refused).toBe(2)
    const cookie = await signIn('127.0.0.7', 'clara@example.ch')
    expect(cookie).toMatch(/=/)
  })

  test("NUL and control characters in the experts' client search are a 400, not a 500", async () => {
    const expert = await signIn('127.0.0.8', 'expert@firm.ch')
    for (const q of ['%00', 'ab%00c', 'M%C3%BCl%00ler', 'x%1B%5B31m']) {
      const r = await from('127.0.0.8', `${server.url}/api/admin/users?q=${q}`, { cookie: expert })
      expect({ q, status: r.status, code: JSON.parse(r.body).code }).toEqual({
        q,
        status: 400,
        code: 'CONTROL_CHARACTERS',
      })
    }
    expect((await from('127.0.0.8', `${server.url}/api/admin/users?q=M%C3%BCller`, { cookie: expert })).status).toBe(
      200,
    )
  })
})
