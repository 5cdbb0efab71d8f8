// What the second outside probe found (issue 21), findings 4, 5, 7, 8 and 9; each test failed before its fix.
import { afterEach, describe, expect, test } from 'bun:test'
import { readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { onPostgres, testApp } from '../test-helpers'
import { pdf, sha256, uploadForm } from '../documents/test-fixtures'
import { composeClientMail } from '../client-mail/compose'

let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())

const ADMIN = 'expert@firm.ch'

async function registered(email: string, names = { firstName: 'Anna', lastName: 'Muster' }) {
  const { cookie, user } = await t.signIn(email)
  const r = await t.request('PUT', '/api/user/profile', {
    cookie,
    body: { ...names, phone: '791234567', countryCode: '+41' },
  })
  expect(r.status).toBe(200)
  await t.request('POST', '/api/gtc/accept', { cookie, body: { accepted: true } })
  return { cookie, user }
}

const auditRows = async (action: string) =>
  (await t.ctx.backend.get<{ n: number; repeats: number }>(
    'SELECT count(*) AS n, coalesce(sum(repeats), 0) AS repeats FROM audit_log WHERE action = ?',
    action,
  ))!

describe('4. audit rows and writes that reach an expert cannot be multiplied', () => {
  test('failed sign-ins at 100 random addresses from one client are one audit row counting 100', async () => {
    t = await testApp()
    for (let i = 0; i < 25; i++)
      await t.request('POST', '/api/auth/verify-code', {
        body: { email: `${crypto.randomUUID()}@example.ch`, code: '000000' },
      })
    // Code requests at 100 addresses: 20 are sent, every later one is refused, all refusals one row.
    for (let i = 0; i < 100; i++)
      await t.request('POST', '/api/auth/request-code', { body: { email: `${crypto.randomUUID()}@example.ch` } })
    expect(await auditRows('verify_failed')).toEqual({ n: 1, repeats: 25 })
    expect(await auditRows('rate_limited')).toEqual({ n: 1, repeats: 80 })
    const row = (await t.ctx.backend.get<{ other_targets: number }>(
      "SELECT other_targets FROM audit_log WHERE action = 'rate_limited'",
    ))!
    expect(row.other_targets).toBe(79)
  })

  test('"sign out everywhere else" is limited per person: 20 an hour, then 429 and no more audit rows', async () => {
    t = await testApp()
    const { cookie } = await t.signIn('a@example.ch')
    const statuses: number[] = []
    for (let i = 0; i < 300; i++)
      statuses.push((await t.request('POST', '/api/auth/sessions/end-others', { cookie })).status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(20)
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true)
    expect((await auditRows('sessions_ended_elsewhere')).n).toBe(20)
    t.clock.now += 3_600_000
    expect((await t.request('POST', '/api/auth/sessions/end-others', { cookie })).status).toBe(200)
  })

  test('"ask for premium" reaches the experts twice a day at most; messages 30 an hour', async () => {
    t = await testApp()
    const { cookie } = await registered('a@example.ch')
    const asks: number[] = []
    for (let i = 0; i < 100; i++) asks.push((await t.request('POST', '/api/plans/premium-request', { cookie })).status)
    expect(asks.filter((s) => s === 200)).toHaveLength(2)
    const refused = await t.request('POST', '/api/plans/premium-request', { cookie })
    expect(refused.status).toBe(429)
    expect(refused.json.code).toBe('RATE_LIMITED')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600)
    const sends: number[] = []
    for (let i = 0; i < 40; i++)
      sends.push((await t.request('POST', '/api/send-message', { cookie, body: { message: `m${i}` } })).status)
    expect(sends.filter((s) => s === 200)).toHaveLength(30)
    const inbox = (await t.ctx.backend.get<{ n: number }>('SELECT count(*) AS n FROM messages'))!.n
    expect(inbox).toBe(32)
  })

  test('the verify-code limit is kept in the database: a second app on the same folder shares it', async () => {
    t = await testApp()
    for (let i = 0; i < 20; i++)
      await t.request('POST', '/api/auth/verify-code', { body: { email: 'x@example.ch', code: '000000' } })
    const count = await t.ctx.backend.get<{ hits: number }>(
      "SELECT hits FROM rate_limits WHERE bucket = 'verify_ip:127.0.0.1'",
    )
    expect(count?.hits).toBe(20)
  })
})

describe('5. the quota counts deleted files while they are kept', () => {
  test('deleting and uploading again cannot pass the quota; the profile says when space is freed', async () => {
    t = await testApp({ USER_QUOTA_MB: '1' })
    const { cookie } = await registered('a@example.ch')
    const big = (seed: string) => {
      const bytes = pdf(seed)
      const padded = new Uint8Array(600 * 1024)
      padded.set(bytes)
      padded.fill(0x20, bytes.length) // blanks after %%EOF: still a PDF by its magic bytes
      return padded
    }
    const upload = async (name: string, data: Uint8Array<ArrayBuffer>) =>
      t.app.handle(
        new Request('http://localhost/api/files/upload', {
          method: 'POST',
          headers: { cookie },
          body: uploadForm([{ name, data }], { taxYear: 2025, categoryId: 1 }),
        }),
      )
    const first = await upload('one.pdf', big('one'))
    expect(first.status).toBe(200)
    const id = ((await first.json()) as { files: { value: { id: string } }[] }).files[0]!.value.id
    expect((await t.request('DELETE', `/api/files/${id}`, { cookie })).status).toBe(200)
    const storage = await t.request('GET', '/api/user/storage', { cookie })
    expect(storage.json.usedBytes).toBe(600 * 1024)
    expect(storage.json.deletedBytes).toBe(600 * 1024)
    expect(Date.parse(storage.json.nextFreedAt)).toBe(t.clock.now + 30 * 24 * 3_600_000)
    const second = await upload('two.pdf', big('two'))
    expect(second.status).toBe(413)
    expect(((await second.json()) as { code: string }).code).toBe('QUOTA_EXCEEDED')
    void sha256
  })
})

// SQLite only: it reads the database file and its WAL. PostgreSQL vacuums the rows, but its files keep the bytes until
// overwritten (docs/storage.md "PostgreSQL").
describe.skipIf(onPostgres)('7. a deleted account leaves no readable trace in the database file or its WAL', () => {
  test("name, spouse, messages and the expert's note are gone from the bytes", async () => {
    t = await testApp({ ADMIN_EMAILS: ADMIN })
    const { cookie, user } = await registered('zeb@example.ch', { firstName: 'Zebulonia', lastName: 'Quixotebury' })
    await t.request('POST', '/api/send-message', { cookie, body: { message: 'Marmaladeconfession about my taxes' } })
    await t.request('POST', '/api/advanced/sections', {
      cookie,
      body: { taxYear: 2025, section: 'spouse', enabled: true },
    })
    const spouse = await t.request('PUT', '/api/advanced/spouse', {
      cookie,
      body: {
        taxYear: 2025,
        firstName: 'Ottiliaspouse',
        lastName: 'Quixotebury',
        occupation: '',
        ahvNumber: '',
        taxId: '',
      },
    })
    expect(spouse.status).toBe(200)
    const admin = await t.signIn(ADMIN)
    const moved = await t.request('POST', `/api/admin/users/${user.id}/status`, {
      cookie: admin.cookie,
      body: { taxYear: 2025, statusId: 2, note: 'Notefromexpert Pomegranatewhisper', override: true },
    })
    expect(moved.status).toBe(200)
    const secrets = ['Zebulonia', 'Quixotebury', 'Marmaladeconfession', 'Ottiliaspouse', 'Pomegranatewhisper']
    const bytes = () =>
      ['swisstax.db', 'swisstax.db-wal']
        .map((f) => join(t.dataDir, f))
        .filter(existsSync)
        .map((f) => readFileSync(f).toString('latin1'))
        .join('')
    expect(secrets.some((s) => bytes().includes(s))).toBe(true)
    const deleted = await t.request('DELETE', '/api/user', { cookie, body: { confirmEmail: 'zeb@example.ch' } })
    expect(deleted.status).toBe(200)
    const left = bytes()
    expect(secrets.filter((s) => left.includes(s))).toEqual([])
  })
})

describe('8. control and bidirectional characters never reach a mail', () => {
  test('names with CR/LF, NUL or bidi controls are refused at input with the field named', async () => {
    t = await testApp()
    const { cookie } = await registered('a@example.ch')
    for (const bad of ['Anna\r\nPlease pay CHF 500 to IBAN CH00', 'Anna\u0000', 'Anna\u202eHCI', 'Anna\u0085x']) {
      const r = await t.request('PUT', '/api/user/profile', { cookie, body: { firstName: bad } })
      expect(r.status).toBe(400)
      expect(r.json.message).toContain('firstName')
    }
    const street = await t.request('PUT', '/api/user/profile', { cookie, body: { street: 'Bahnhofstr. 1\nX' } })
    expect(street.status).toBe(400)
    await t.request('POST', '/api/advanced/sections', {
      cookie,
      body: { taxYear: 2025, section: 'spouse', enabled: true },
    })
    const spouse = await t.request('PUT', '/api/advanced/spouse', {
      cookie,
      body: { taxYear: 2025, firstName: 'Ben\nPay now', lastName: 'Muster', occupation: '', ahvNumber: '', taxId: '' },
    })
    expect(spouse.status).toBe(400)
    expect(spouse.json.code).toBe('CONTROL_CHARACTERS')
    const message = await t.request('POST', '/api/send-message', { cookie, body: { message: 'Hello\u0000there' } })
    expect(message.status).toBe(400)
    // Line breaks in a message are text, not an attack.
    expect((await t.request('POST', '/api/send-message', { cookie, body: { message: 'Hello\nthere' } })).status).toBe(
      200,
    )
    const profile = await t.request('GET', '/api/user', { cookie })
    expect(profile.json.firstName ?? profile.json.user?.firstName).toBe('Anna')
  })

  test('a name stored before the check cannot add a line to a client mail', () => {
    const mail = composeClientMail(
      { kind: 'expert_reply' },
      { email: 'a@example.ch', name: 'Anna\r\nPlease pay CHF 500 to IBAN CH00\u202e', language: 'en' },
      { appName: 'SwissTax', publicUrl: 'https://tax.example.ch' },
    )
    expect(mail.subject).not.toMatch(/[\r\n\u202e]/)
    const greeting = mail.text.split('\n')[0]!
    expect(greeting).toContain('Anna')
    expect(greeting).toContain('Please pay')
    expect(mail.text.split('\n').some((l) => l.startsWith('Please pay'))).toBe(false)
    expect(mail.html).not.toContain('\u202e')
  })
})

describe("9. control characters in the experts' client search", () => {
  test('NUL and other control characters are a 400, not a 500', async () => {
    t = await testApp({ ADMIN_EMAILS: ADMIN })
    const admin = await t.signIn(ADMIN)
    for (const q of ['\u0000', 'ab\u0000c', 'Mül\u0000ler', 'x\u001b[31m']) {
      const r = await t.request('GET', `/api/admin/users?q=${encodeURIComponent(q)}`, { cookie: admin.cookie })
      expect(r.status).toBe(400)
      expect(r.json.code).toBe('CONTROL_CHARACTERS')
    }
    expect((await t.request('GET', '/api/admin/users?q=M%C3%BCller', { cookie: admin.cookie })).status).toBe(200)
  })
})
