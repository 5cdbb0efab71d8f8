import { afterEach, describe, expect, test } from 'bun:test'
import { testApp } from '../test-helpers'
import { CODE_TTL_MS } from './service'
import { mailRecipientOf } from '../users/service'

let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())

const lastCode = () => t.mails.at(-1)!.code
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('request-code', () => {
  test('sends a 6-digit code and answers the spec shape', async () => {
    t = await testApp()
    const r = await t.request('POST', '/api/auth/request-code', { body: { email: '  Anna.Muster@Example.CH ' } })
    expect(r.status).toBe(200)
    expect(r.json).toEqual({ message: 'Verification code sent', status: 'success' })
    expect(t.mails).toHaveLength(1)
    expect(t.mails[0]!.to).toBe('anna.muster@example.ch')
    expect(t.mails[0]!.code).toMatch(/^\d{6}$/)
  })

  test('stores only a keyed hash of the code', async () => {
    t = await testApp()
    await t.request('POST', '/api/auth/request-code', { body: { email: 'a@example.ch' } })
    const row = (await t.ctx.backend.get<{ code_hash: string }>('SELECT code_hash FROM login_codes'))!
    expect(row.code_hash).not.toContain(lastCode())
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/)
  })

  test.each([
    [
      'malformed JSON',
      { raw: '{"email":', headers: { 'content-type': 'application/json' } },
      'INVALID_JSON',
      /not valid JSON/,
    ],
    ['missing field', { body: {} }, 'INVALID_INPUT', /Missing field 'email'/],
    ['wrong type', { body: { email: 42 } }, 'INVALID_INPUT', /'email'/],
    ['over-long field', { body: { email: `${'a'.repeat(250)}@x.ch` } }, 'INVALID_INPUT', /'email'.*length/],
    ['not an e-mail', { body: { email: 'not-an-email' } }, 'INVALID_EMAIL', /valid e-mail/],
  ])('%s → 400 naming the problem', async (_name, opts, code, message) => {
    t = await testApp()
    const r = await t.request('POST', '/api/auth/request-code', opts as never)
    expect(r.status).toBe(400)
    expect(r.json.code).toBe(code)
    expect(r.json.message).toMatch(message)
    expect(t.mails).toHaveLength(0)
  })

  test('a second request within 60 s is 429 with Retry-After', async () => {
    t = await testApp()
    await t.request('POST', '/api/auth/request-code', { body: { email: 'a@example.ch' } })
    t.clock.now += 20_000
    const r = await t.request('POST', '/api/auth/request-code', { body: { email: 'a@example.ch' } })
    expect(r.status).toBe(429)
    expect(r.json.code).toBe('RATE_LIMITED')
    expect(r.headers.get('retry-after')).toBe('40')
    t.clock.now += 40_000
    expect((await t.request('POST', '/api/auth/request-code', { body: { email: 'a@example.ch' } })).status).toBe(200)
  })

  test('at most 5 codes per e-mail per hour', async () => {
    t = await testApp()
    for (let i = 0; i < 5; i++) {
      expect((await t.request('POST', '/api/auth/request-code', { body: { email: 'a@example.ch' } })).status).toBe(200)
      t.clock.now += 61_000
    }
    const r = await t.request('POST', '/api/auth/request-code', { body: { email: 'a@example.ch' } })
    expect(r.status).toBe(429)
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(60)
    t.clock.now += 3_600_000
    expect((await t.request('POST', '/api/auth/request-code', { body: { email: 'a@example.ch' } })).status).toBe(200)
  })

  test('at most 20 codes per IP per hour', async () => {
    t = await testApp()
    for (let i = 0; i < 20; i++)
      expect((await t.request('POST', '/api/auth/request-code', { body: { email: `u${i}@example.ch` } })).status).toBe(
        200,
      )
    const r = await t.request('POST', '/api/auth/request-code', { body: { email: 'u99@example.ch' } })
    expect(r.status).toBe(429)
    expect(await t.ctx.backend.get('SELECT count(*) AS n FROM audit_log WHERE action = ?', 'rate_limited')).toEqual({
      n: 1,
    })
  })

  test('a failed SMTP delivery answers 502 and keeps no code', async () => {
    t = await testApp()
    t.ctx.mailer.sendLoginCode = async () => {
      throw new Error('connection refused')
    }
    const r = await t.request('POST', '/api/auth/request-code', { body: { email: 'a@example.ch' } })
    expect(r.status).toBe(502)
    expect(r.json.code).toBe('MAIL_FAILED')
    expect(await t.ctx.backend.get('SELECT count(*) AS n FROM login_codes')).toEqual({ n: 0 })
  })
})

describe('verify-code', () => {
  const request = async (email = 'a@example.ch') => {
    await t.request('POST', '/api/auth/request-code', { body: { email } })
    return lastCode()
  }

  test('the right code signs in, creates the account and sets an HttpOnly SameSite cookie', async () => {
    t = await testApp()
    const code = await request()
    const r = await t.request('POST', '/api/auth/verify-code', { body: { email: 'A@Example.ch', code } })
    expect(r.status).toBe(200)
    expect(r.json.success).toBe(true)
    expect(r.json.user).toMatchObject({ email: 'a@example.ch', role: 'user', isProfileComplete: false })
    const cookie = r.headers.get('set-cookie')!
    expect(cookie).toMatch(/^swisstax_session=[\w-]{43};/)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).not.toContain('Secure')
    const session = cookie.split(';')[0]!
    const probe = await t.request('GET', '/api/debug/check-auth', { cookie: session })
    expect(probe.json).toEqual({ isAuthenticated: true, success: true, userId: r.json.user.id, email: 'a@example.ch' })
    // The token is stored hashed only.
    const token = session.split('=')[1]!
    expect(await t.ctx.backend.get('SELECT count(*) AS n FROM sessions WHERE token_hash = ?', token)).toEqual({ n: 0 })
  })

  test('over https the cookie is Secure and __Host- prefixed', async () => {
    t = await testApp({ PUBLIC_URL: 'https://tax.example.ch' })
    const code = await request()
    const r = await t.request('POST', '/api/auth/verify-code', { body: { email: 'a@example.ch', code } })
    expect(r.headers.get('set-cookie')).toMatch(/^__Host-swisstax_session=.*; Secure/)
    const probe = await t.request('GET', '/api/user', { cookie: r.headers.get('set-cookie')!.split(';')[0] })
    expect(probe.status).toBe(200)
    expect(probe.headers.get('strict-transport-security')).toContain('max-age=')
  })

  test('a wrong code is refused', async () => {
    t = await testApp()
    const code = await request()
    const r = await t.request('POST', '/api/auth/verify-code', { body: { email: 'a@example.ch', code: wrong(code) } })
    expect(r.status).toBe(400)
    expect(r.json).toEqual({ message: 'Invalid verification code', code: 'INVALID_CODE' })
    expect(r.headers.get('set-cookie')).toBeNull()
  })

  test('after 5 wrong tries even the right code fails', async () => {
    t = await testApp()
    const code = await request()
    for (let i = 0; i < 5; i++)
      expect(
        (await t.request('POST', '/api/auth/verify-code', { body: { email: 'a@example.ch', code: wrong(code) } }))
          .status,
      ).toBe(400)
    const r = await t.request('POST', '/api/auth/verify-code', { body: { email: 'a@example.ch', code } })
    expect(r.status).toBe(400)
    expect(r.json.code).toBe('CODE_EXPIRED')
    // One row that counts the six failures and names the account aimed at.
    const rows = await t.ctx.backend.all(
      "SELECT repeats, target_user_id, target_hash FROM audit_log WHERE action = 'verify_failed'",
    )
    expect(rows).toEqual([{ repeats: 6, target_user_id: null, target_hash: expect.stringMatching(/^[0-9a-f]{32}$/) }])
  })

  test('a code works once: replay is refused', async () => {
    t = await testApp()
    const code = await request()
    expect((await t.request('POST', '/api/auth/verify-code', { body: { email: 'a@example.ch', code } })).status).toBe(
      200,
    )
    const replay = await t.request('POST', '/api/auth/verify-code', { body: { email: 'a@example.ch', code } })
    expect(replay.status).toBe(400)
    expect(replay.json.code).toBe('CODE_EXPIRED')
  })

  test('two parallel verifications of one code: exactly one succeeds', async () => {
    t = await testApp()
    const code = await request()
    const results = await Promise.all(
      [1, 2, 3].map(() => t.request('POST', '/api/auth/verify-code', { body: { email: 'a@example.ch', code } })),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400])
  })

  test('a code expires after 10 minutes', async () => {
    t = await testApp()
    const code = await request()
    t.clock.now += CODE_TTL_MS + 1
    const r = await t.request('POST', '/api/auth/verify-code', { body: { email: 'a@example.ch', code } })
    expect(r.status).toBe(400)
    expect(r.json.code).toBe('CODE_EXPIRED')
  })

  test('a code is still good just before it expires', async () => {
    t = await testApp()
    const code = await request()
    t.clock.now += CODE_TTL_MS - 1000
    expect((await t.request('POST', '/api/auth/verify-code', { body: { email: 'a@example.ch', code } })).status).toBe(
      200,
    )
  })

  test('a newer code supersedes the older one', async () => {
    t = await testApp()
    const first = await request()
    t.clock.now += 61_000
    const second = await request()
    if (first !== second)
      expect(
        (await t.request('POST', '/api/auth/verify-code', { body: { email: 'a@example.ch', code: first } })).status,
      ).toBe(400)
    expect(
      (await t.request('POST', '/api/auth/verify-code', { body: { email: 'a@example.ch', code: second } })).status,
    ).toBe(200)
  })

  test('a code format other than 6 digits is a 400', async () => {
    t = await testApp()
    await request()
    const r = await t.request('POST', '/api/auth/verify-code', { body: { email: 'a@example.ch', code: '12ab56' } })
    expect(r.status).toBe(400)
    expect(r.json.code).toBe('INVALID_CODE_FORMAT')
  })
})

describe('sessions', () => {
  test('without a cookie the probe and the user call are 401 SESSION_EXPIRED', async () => {
    t = await testApp()
    for (const path of ['/api/debug/check-auth', '/api/user']) {
      const r = await t.request('GET', path)
      expect(r.status).toBe(401)
      expect(r.json).toEqual({ message: 'Session expired', code: 'SESSION_EXPIRED' })
    }
  })

  test('logout deletes the session on the server', async () => {
    t = await testApp()
    const { cookie } = await t.signIn('a@example.ch')
    const out = await t.request('POST', '/api/auth/logout', { cookie })
    expect(out.status).toBe(200)
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0')
    expect((await t.request('GET', '/api/debug/check-auth', { cookie })).status).toBe(401)
  })

  test('a session ends after 60 minutes without use', async () => {
    t = await testApp()
    const { cookie } = await t.signIn('a@example.ch')
    t.clock.now += 59 * 60_000
    expect((await t.request('GET', '/api/user', { cookie })).status).toBe(200)
    t.clock.now += 59 * 60_000 // used a minute ago: still alive
    expect((await t.request('GET', '/api/user', { cookie })).status).toBe(200)
    t.clock.now += 61 * 60_000
    expect((await t.request('GET', '/api/user', { cookie })).status).toBe(401)
  })

  test('a session ends 12 hours after sign-in however busy', async () => {
    t = await testApp()
    const { cookie } = await t.signIn('a@example.ch')
    for (let i = 0; i < 13; i++) {
      // 13 × 55 min = 11 h 55 min, never idle for an hour
      t.clock.now += 55 * 60_000
      expect((await t.request('GET', '/api/user', { cookie })).status).toBe(200)
    }
    t.clock.now += 10 * 60_000
    expect((await t.request('GET', '/api/user', { cookie })).status).toBe(401)
  })

  test('a forged cookie is refused', async () => {
    t = await testApp()
    await t.signIn('a@example.ch')
    expect((await t.request('GET', '/api/user', { cookie: `swisstax_session=${'A'.repeat(43)}` })).status).toBe(401)
  })
})

describe('roles', () => {
  test('ADMIN_EMAILS grants the admin role at sign-in', async () => {
    t = await testApp({ ADMIN_EMAILS: 'Expert@Firm.ch, other@firm.ch' })
    const admin = await t.signIn('expert@firm.ch')
    expect(admin.user.role).toBe('admin')
    const user = await t.signIn('client@example.ch')
    expect(user.user.role).toBe('user')
    expect((await t.request('GET', '/api/user', { cookie: admin.cookie })).json.role).toBe('admin')
  })
})

describe('CSRF', () => {
  test('a state-changing request from a foreign Origin is 403 and changes nothing', async () => {
    t = await testApp()
    const r = await t.request('POST', '/api/auth/request-code', {
      body: { email: 'a@example.ch' },
      headers: { origin: 'https://evil.example' },
    })
    expect(r.status).toBe(403)
    expect(r.json.code).toBe('FOREIGN_ORIGIN')
    expect(t.mails).toHaveLength(0)
  })

  test('Sec-Fetch-Site cross-site is refused; same origin passes', async () => {
    t = await testApp()
    const cross = await t.request('POST', '/api/auth/request-code', {
      body: { email: 'a@example.ch' },
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    expect(cross.status).toBe(403)
    const same = await t.request('POST', '/api/auth/request-code', {
      body: { email: 'a@example.ch' },
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    })
    expect(same.status).toBe(200)
  })

  test('a logout from a foreign origin does not end the session', async () => {
    t = await testApp()
    const { cookie } = await t.signIn('a@example.ch')
    expect(
      (await t.request('POST', '/api/auth/logout', { cookie, headers: { origin: 'https://evil.example' } })).status,
    ).toBe(403)
    expect((await t.request('GET', '/api/user', { cookie })).status).toBe(200)
  })
})

describe('development-only routes', () => {
  test('in production they are 404 and open no session', async () => {
    t = await testApp()
    await t.signIn('a@example.ch')
    for (const [method, path, body] of [
      ['GET', '/api/debug/login-as/1'],
      ['POST', '/api/auth/quick-restore', { email: 'a@example.ch' }],
      ['GET', '/api/debug/mailbox'],
    ] as const) {
      const r = await t.request(method, path, { body })
      expect(r.status).toBe(404)
      expect(r.json.code).toBe('NOT_FOUND')
      expect(r.headers.get('set-cookie')).toBeNull()
    }
  })

  test('in development mode login-as opens a session', async () => {
    t = await testApp({ NODE_ENV: 'development' })
    const { user } = await t.signIn('a@example.ch')
    const r = await t.request('GET', `/api/debug/login-as/${user.id}`)
    expect(r.status).toBe(200)
    const cookie = r.headers.get('set-cookie')!.split(';')[0]!
    expect((await t.request('GET', '/api/user', { cookie })).json.email).toBe('a@example.ch')
  })
})

describe('the language a person signs in with is the account’s (issue 25, finding 1)', () => {
  test('verify-code saves its language for the answer and later mails; an unknown one changes nothing', async () => {
    t = await testApp()
    await t.request('POST', '/api/auth/request-code', { body: { email: 'marie@example.ch', language: 'fr' } })
    const code = t.mails.findLast((m) => m.to === 'marie@example.ch')!.code
    const r = await t.request('POST', '/api/auth/verify-code', {
      body: { email: 'marie@example.ch', code, language: 'fr' },
    })
    expect(r.status).toBe(200)
    expect(r.json.user.language).toBe('fr')
    const cookie = r.headers.get('set-cookie')!.split(';')[0]!
    expect((await t.request('GET', '/api/user', { cookie })).json.language).toBe('fr')
    expect((await mailRecipientOf(t.ctx, r.json.user.id))?.language).toBe('fr')
    // Signing in again with Klingon keeps French.
    t.clock.now += 61_000
    await t.request('POST', '/api/auth/request-code', { body: { email: 'marie@example.ch' } })
    const again = t.mails.findLast((m) => m.to === 'marie@example.ch')!.code
    const second = await t.request('POST', '/api/auth/verify-code', {
      body: { email: 'marie@example.ch', code: again, language: 'tlh' },
    })
    expect(second.json.user.language).toBe('fr')
  })
})
