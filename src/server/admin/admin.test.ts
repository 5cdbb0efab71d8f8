// The experts' workspace API, in-process against a real SQLite file (issue 11).
import { afterEach, describe, expect, test } from 'bun:test'
import { createContext } from '../boot'
import { loadConfig } from '../config'
import { silentLogger } from '../log'
import { ensureUser, grantAdmin, revokeAdmin, syncAdminEmails } from '../users/roles'
import { onPostgres, testApp } from '../test-helpers'
import { MIGRATIONS } from '../db/migrations.gen'
import { MIGRATIONS as PG_MIGRATIONS } from '../db/pg/migrations.gen'
import { fillProfile, fillUser } from '../users/test-fixtures'
import { writeStatus } from '../tax-status/service'
import { pdf, sha256, uploadForm } from '../documents/test-fixtures'
import { INVALID_USER_ID } from '../http/params'

let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())

const ADMIN = 'expert@example.ch'
const YEAR = 2025 // the default year at T0 (2026-11-22)

async function setup(env: Record<string, string> = {}) {
  t = await testApp({ ADMIN_EMAILS: ADMIN, TRUST_PROXY: '1', ...env })
  const admin = await t.signIn(ADMIN)
  const client = await t.signIn('anna@example.ch')
  await fillUser(t.ctx, client.user.id)
  const as = (cookie: string) => ({ cookie, headers: { 'x-forwarded-for': '203.0.113.9' } })
  return { admin, client, as }
}

const ADMIN_ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/admin/users'],
  ['GET', '/api/admin/users/1'],
  ['POST', '/api/admin/users/1/status', { statusId: 5 }],
  ['POST', '/api/admin/reset-profile', { userId: 1 }],
  ['GET', '/api/admin/inbox'],
  ['POST', '/api/admin/users/1/late-documents/seen', { taxYear: 2025, versionIds: ['v'] }],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/system'],
  ['GET', '/api/admin/messages'],
  ['POST', '/api/admin/messages/1/reply', { message: 'hi' }],
  ['PUT', '/api/admin/users/1/plan', { subscriptionPlan: 'basic' }],
  ['GET', '/api/debug/db-status'],
  ['GET', '/api/tax/status'],
  ['POST', '/api/tax-profile/set-status', { status: true }],
]

describe('access', () => {
  // Every row has its three values: with two, bun:test hands the callback a `done` as `body` and waits for it
  // (it passed on SQLite only by timing).
  test.each(ADMIN_ROUTES.map(([method, path, body]) => [method, path, body] as [string, string, unknown]))(
    '%s %s: 401 without a session, 403 for a user, and changes nothing',
    // A rest parameter: with a third parameter and a row of two, Bun takes it for a done callback and waits for it
    // (the test then passed only when its promise had settled before Bun looked, and timed out otherwise).
    async (...[method, path, body]: [string, string, unknown?]) => {
      const { client } = await setup()
      expect((await t.request(method, path, { body })).status).toBe(401)
      const r = await t.request(method, path, { body, cookie: client.cookie })
      expect(r.status).toBe(403)
      expect(r.json).toEqual({ message: 'This area is restricted to administrators only.', code: 'ADMIN_ONLY' })
      expect((await t.request('GET', '/api/user', { cookie: client.cookie })).json.firstName).toBe('Anna')
    },
  )

  test("an expert's bell has no profile reminders: experts are never asked to register as a client", async () => {
    const { admin, client } = await setup()
    expect((await t.request('GET', '/api/notifications', { cookie: admin.cookie })).json).toEqual([])
    expect(
      ((await t.request('GET', '/api/notifications', { cookie: client.cookie })).json as { id: string }[]).some((n) =>
        n.id.startsWith('reminder-'),
      ),
    ).toBe(true)
  })

  test('fix-column and login-as are 404 in production, even for an admin', async () => {
    const { admin } = await setup()
    expect((await t.request('POST', '/api/debug/fix-column', { cookie: admin.cookie })).status).toBe(404)
    expect((await t.request('GET', '/api/debug/login-as/1', { cookie: admin.cookie })).status).toBe(404)
  })

  test('in development: db-status and fix-column need an admin session; fix-column reports the column', async () => {
    const { admin, client } = await setup({ NODE_ENV: 'development' })
    const anonymous = await t.request('GET', '/api/debug/db-status')
    expect(anonymous.status).toBe(401)
    expect(anonymous.text).not.toContain('@example.ch')
    expect((await t.request('POST', '/api/debug/fix-column', { cookie: client.cookie })).status).toBe(403)
    const fixed = await t.request('POST', '/api/debug/fix-column', { cookie: admin.cookie })
    expect(fixed.status).toBe(200)
    expect(fixed.json).toMatchObject({ success: true, applied: [], hasTaxProfileColumn: true })
  })
})

describe('client list', () => {
  test('search by name or e-mail, filter by status and year, pages of 50 with a total, sort by name', async () => {
    const { admin, as } = await setup()
    // 60 clients straight into the table (the sign-in flow's hourly caps would stop at 20).
    const ids: number[] = []
    for (let i = 0; i < 60; i++) {
      const u = await ensureUser(t.ctx, `client${String(i).padStart(2, '0')}@example.ch`)
      await fillUser(t.ctx, u.id, {
        firstName: `First${i}`,
        lastName: `Zeta${String(i).padStart(2, '0')}`,
        phone: '+41791234567',
      })
      ids.push(u.id)
    }
    await writeStatus(t.ctx, ids[3]!, YEAR, 4, null)
    await writeStatus(t.ctx, ids[4]!, 2024, 4, null)

    const page1 = await t.request('GET', '/api/admin/users', as(admin.cookie))
    expect(page1.status).toBe(200)
    expect(page1.json).toMatchObject({ total: 61, page: 1, pageSize: 50, taxYear: YEAR })
    expect(page1.json.items).toHaveLength(50)
    expect(page1.json.items.some((c: { email: string }) => c.email === ADMIN)).toBe(false)
    const page2 = await t.request('GET', '/api/admin/users?page=2', as(admin.cookie))
    expect(page2.json.items).toHaveLength(11)
    const all = new Set([...page1.json.items, ...page2.json.items].map((c: { id: number }) => c.id))
    expect(all.size).toBe(61)
    expect((await t.request('GET', '/api/admin/users?page=9', as(admin.cookie))).json).toMatchObject({
      items: [],
      total: 61,
    })

    const byName = await t.request('GET', '/api/admin/users?q=zeta07', as(admin.cookie))
    expect(byName.json.items.map((c: { email: string }) => c.email)).toEqual(['client07@example.ch'])
    const full = await t.request('GET', `/api/admin/users?q=${encodeURIComponent('First12 Zeta12')}`, as(admin.cookie))
    expect(full.json.total).toBe(1)
    expect((await t.request('GET', '/api/admin/users?q=client1', as(admin.cookie))).json.total).toBe(10)
    expect((await t.request('GET', '/api/admin/users?q=%25', as(admin.cookie))).json.total).toBe(0)

    const at4 = await t.request('GET', '/api/admin/users?status=4', as(admin.cookie))
    expect(at4.json.items.map((c: { id: number; status: string }) => [c.id, c.status])).toEqual([
      [ids[3], 'processing'],
    ])
    expect(
      (await t.request('GET', '/api/admin/users?status=4&taxYear=2024', as(admin.cookie))).json.items.map(
        (c: { id: number }) => c.id,
      ),
    ).toEqual([ids[4]])
    expect((await t.request('GET', '/api/admin/users?status=1', as(admin.cookie))).json.total).toBe(60)

    const sorted = await t.request('GET', '/api/admin/users?sort=name', as(admin.cookie))
    expect(sorted.json.items[0].lastName).toBe('Muster')
    expect(sorted.json.items[1].lastName).toBe('Zeta00')

    for (const bad of ['status=7', 'page=0', 'sort=email', 'taxYear=20x5']) {
      const r = await t.request('GET', `/api/admin/users?${bad}`, as(admin.cookie))
      expect({ bad, status: r.status, code: r.json.code }).toEqual({ bad, status: 400, code: 'INVALID_INPUT' })
    }
  })

  test('search finds any part of the e-mail or the name in either order, in any case, umlauts included', async () => {
    const { admin, as } = await setup()
    const people = [
      ['j.mueller@beispiel.ch', 'Jürg', 'Müller'],
      ['zoe@example.org', 'Zoë', 'Schärer'],
      ['elise.d@exemple.ch', 'Élise', 'Dubois'],
    ] as const
    const ids: Record<string, number> = {}
    for (const [email, firstName, lastName] of people) {
      const u = await ensureUser(t.ctx, email)
      await fillUser(t.ctx, u.id, { firstName, lastName, phone: '+41791234567' })
      ids[lastName] = u.id
    }
    const found = async (q: string) => {
      const r = await t.request('GET', `/api/admin/users?q=${encodeURIComponent(q)}`, as(admin.cookie))
      expect(r.status).toBe(200)
      expect(r.json.total).toBe(r.json.items.length)
      return r.json.items.map((c: { id: number }) => c.id).sort()
    }
    // Case folds beyond ASCII: MÜLLER finds Müller, ÉLISE finds Élise; diacritics stay (muller is not Müller).
    const muller = ['MÜLLER', 'müll', 'jÜrG', 'Jürg Müller', 'müller jürg', 'ÜLLER JÜ']
    muller.push('mueller', 'BEISPIEL.CH')
    for (const q of muller) expect({ q, ids: await found(q) }).toEqual({ q, ids: [ids.Müller] })
    expect(await found('muller')).toEqual([])
    expect(await found('ÉLISE')).toEqual([ids.Dubois])
    expect(await found('zoë sch')).toEqual([ids.Schärer])
    expect(await found('ärer')).toEqual([ids.Schärer])
    expect(await found('exemple')).toEqual([ids.Dubois])
    expect(await found('example')).toEqual([ids.Schärer, ...(await found('anna@example.ch'))].sort())
    // One or two characters are matched without the index, with the same result rules for ASCII.
    expect(await found('ü')).toEqual([ids.Müller])
    expect(await found('DU')).toEqual([ids.Dubois])
    // Quotes and the index's own syntax are taken literally.
    expect(await found('a"b')).toEqual([])
    expect(await found('Müller OR Dubois')).toEqual([])
    expect(await found('*')).toEqual([])
    // The index follows renames and deletions.
    await fillUser(t.ctx, ids.Schärer!, { firstName: 'Zoë', lastName: 'Brändli', phone: '+41791234567' })
    expect(await found('schärer')).toEqual([])
    expect(await found('BRÄNDLI')).toEqual([ids.Schärer])
    const elise = await t.signIn('elise.d@exemple.ch')
    const gone = await t.request('DELETE', '/api/user', {
      cookie: elise.cookie,
      body: { confirmEmail: 'elise.d@exemple.ch' },
    })
    expect(gone.status).toBe(200)
    expect(await found('dubois')).toEqual([])
  })

  test('unanswered messages, file count and last activity per client; newest activity first', async () => {
    const { admin, client, as } = await setup()
    const other = await t.signIn('ben@example.ch')
    t.clock.now += 60_000
    await t.request('POST', '/api/send-message', { cookie: client.cookie, body: { message: 'Question one' } })
    await t.request('POST', '/api/send-message', { cookie: client.cookie, body: { message: 'Question two' } })
    const data = pdf('salary')
    await fillProfile(t.ctx, client.user.id)
    await writeStatus(t.ctx, client.user.id, YEAR, 2, null)
    const up = await t.request('POST', '/api/files/upload', {
      cookie: client.cookie,
      raw: uploadForm([{ name: 'lohn.pdf', data, hash: sha256(data) }], { taxYear: YEAR, categoryId: 1 }),
    })
    expect(up.status).toBe(200)
    const list = await t.request('GET', '/api/admin/users', as(admin.cookie))
    expect(list.json.items.map((c: { email: string }) => c.email)).toEqual(['anna@example.ch', 'ben@example.ch'])
    expect(list.json.items[0]).toMatchObject({
      name: 'Anna Muster',
      unanswered: 2,
      fileCount: 1,
      statusId: 2,
      lastActivityAt: t.clock.now,
    })
    expect(list.json.items[1]).toMatchObject({ unanswered: 0, fileCount: 0, statusId: 1 })
    expect(other.user.id).toBeGreaterThan(0)
  })
})

describe('one client', () => {
  test('profile, statuses per year, checklist, files with versions and the conversation; unknown is 404', async () => {
    const { admin, client, as } = await setup()
    await fillProfile(t.ctx, client.user.id)
    await writeStatus(t.ctx, client.user.id, YEAR, 2, null)
    for (const text of ['v1', 'v2']) {
      const data = pdf(text)
      await t.request('POST', '/api/files/upload', {
        cookie: client.cookie,
        raw: uploadForm([{ name: 'bank.pdf', data, hash: sha256(data) }], { taxYear: YEAR, categoryId: 2 }),
      })
    }
    await t.request('POST', '/api/send-message', { cookie: client.cookie, body: { message: 'Hello experts' } })
    const r = await t.request('GET', `/api/admin/users/${client.user.id}`, as(admin.cookie))
    expect(r.status).toBe(200)
    expect(r.json.user).toMatchObject({ email: 'anna@example.ch', name: 'Anna Muster', emailUpdates: true })
    expect(r.json.profile).toMatchObject({ cantonOfResidence: 'ZH', city: 'Zürich' })
    expect(
      r.json.statuses.map((s: { taxYear: number; current_status_id: number }) => [s.taxYear, s.current_status_id]),
    ).toEqual([
      [2025, 2],
      [2024, 1],
      [2023, 1],
    ])
    expect(r.json.checklist.find((c: { id: number }) => c.id === 2)).toMatchObject({ fileCount: 1, required: true })
    expect(r.json.files).toHaveLength(1)
    expect(r.json.files[0]).toMatchObject({ filename: 'bank.pdf', categoryId: 2, version: 2 })
    expect(r.json.files[0].versions.map((v: { version: number }) => v.version)).toEqual([2, 1])
    expect(r.json.messages.map((m: { message: string }) => m.message)).toEqual(['Hello experts'])
    expect(r.json.advanced).toMatchObject({ taxYear: YEAR, completed: false })
    expect(r.json.advanced.sections.length).toBeGreaterThan(0)
    expect(r.json.powerOfAttorney).toBeNull()
    expect((await t.request('GET', '/api/admin/users/999', as(admin.cookie))).status).toBe(404)
    expect((await t.request('GET', '/api/admin/users/abc', as(admin.cookie))).status).toBe(400)
  })

  test(
    'a status move with a note: the client reads the note in the notification; audited with target and ' + 'address',
    async () => {
      const { admin, client, as } = await setup()
      await writeStatus(t.ctx, client.user.id, YEAR, 4, null)
      const r = await t.request('POST', `/api/admin/users/${client.user.id}/status`, {
        ...as(admin.cookie),
        body: { statusId: 5, taxYear: YEAR, note: 'Please check page 2' },
      })
      expect(r.status).toBe(200)
      expect(r.json).toMatchObject({ success: true, current_status_id: 5, status: 'review_required' })
      const n = (await t.request('GET', '/api/notifications', { cookie: client.cookie })).json as {
        code: string
        params: Record<string, unknown>
      }[]
      expect(n.find((x) => x.code === 'status_changed')?.params).toEqual({
        year: YEAR,
        status: 'review_required',
        note: 'Please check page 2',
      })
      const audit = await t.request(
        'GET',
        `/api/admin/audit?userId=${client.user.id}&action=status_set`,
        as(admin.cookie),
      )
      expect(audit.json.items[0]).toMatchObject({
        userId: admin.user.id,
        action: 'status_set',
        ip: '203.0.113.9',
        detail: { userId: client.user.id, from: 4, to: 5, note: true },
      })
      const missing = await t.request('POST', `/api/admin/users/${client.user.id}/status`, {
        ...as(admin.cookie),
        body: { statusId: 0 },
      })
      expect(missing.json).toEqual({ message: 'Please select a tax status', code: 'INVALID_STATUS' })
    },
  )
})

describe('reset to first-time login', () => {
  test.each([['abc'], [0], [-3], [1.5], [''], [null], [undefined]])(
    'userId %p is a 400 with the spec text',
    async (userId) => {
      const { admin, as } = await setup()
      const r = await t.request('POST', '/api/admin/reset-profile', { ...as(admin.cookie), body: { userId } })
      expect(r.status).toBe(400)
      expect(r.json).toEqual({ message: INVALID_USER_ID, code: 'INVALID_USER_ID' })
    },
  )

  test(
    'an unknown id is 404; a known one clears registration, answers and terms, sets every year to 1, keeps files ' +
      'and messages',
    async () => {
      const { admin, client, as } = await setup()
      expect(
        (await t.request('POST', '/api/admin/reset-profile', { ...as(admin.cookie), body: { userId: 9999 } })).status,
      ).toBe(404)
      await fillProfile(t.ctx, client.user.id)
      expect(
        (await t.request('POST', '/api/gtc/accept', { cookie: client.cookie, body: { accepted: true } })).status,
      ).toBe(200)
      expect(
        (
          await t.request('PUT', `/api/admin/users/${client.user.id}/plan`, {
            ...as(admin.cookie),
            body: { subscriptionPlan: 'premium' },
          })
        ).status,
      ).toBe(200)
      await writeStatus(t.ctx, client.user.id, YEAR, 2, null)
      const data = pdf('keep me')
      await t.request('POST', '/api/files/upload', {
        cookie: client.cookie,
        raw: uploadForm([{ name: 'keep.pdf', data, hash: sha256(data) }], { taxYear: YEAR, categoryId: 1 }),
      })
      await writeStatus(t.ctx, client.user.id, 2024, 5, null)
      await t.request('POST', '/api/send-message', { cookie: client.cookie, body: { message: 'still here' } })

      const r = await t.request('POST', '/api/admin/reset-profile', {
        ...as(admin.cookie),
        body: { userId: String(client.user.id) },
      })
      expect(r.status).toBe(200)
      const user = (await t.request('GET', '/api/user', { cookie: client.cookie })).json
      expect(user).toMatchObject({
        isProfileComplete: false,
        firstName: '',
        phone: '',
        cantonOfResidence: null,
        gtcAcceptedAt: null,
        subscriptionPlan: 'premium',
        isTaxProfileComplete: false,
        taxStatusId: 1,
      })
      expect(user.taxYearStatuses.map((s: { statusId: number }) => s.statusId)).toEqual([1, 1])
      expect((await t.request('GET', `/api/files?taxYear=${YEAR}`, { cookie: client.cookie })).json).toHaveLength(1)
      expect((await t.request('GET', '/api/messages', { cookie: client.cookie })).json).toHaveLength(1)
      const audit = await t.request('GET', `/api/admin/audit?action=admin_reset_profile`, as(admin.cookie))
      expect(audit.json.items[0]).toMatchObject({
        userId: admin.user.id,
        targetUserId: client.user.id,
        ip: '203.0.113.9',
      })
    },
  )
})

describe('inbox and audit', () => {
  test('unanswered client messages, oldest first, across clients; a reply takes them off', async () => {
    const { admin, client, as } = await setup()
    const ben = await t.signIn('ben@example.ch')
    await t.request('POST', '/api/send-message', { cookie: client.cookie, body: { message: 'first' } })
    t.clock.now += 1000
    await t.request('POST', '/api/send-message', { cookie: ben.cookie, body: { message: 'second' } })
    t.clock.now += 1000
    const third = await t.request('POST', '/api/send-message', { cookie: client.cookie, body: { message: 'third' } })
    const inbox = await t.request('GET', '/api/admin/inbox', as(admin.cookie))
    expect(inbox.json.total).toBe(3)
    expect(inbox.json.items.map((m: { message: string; email: string }) => [m.message, m.email])).toEqual([
      ['first', 'anna@example.ch'],
      ['second', 'ben@example.ch'],
      ['third', 'anna@example.ch'],
    ])
    expect(
      (
        await t.request('POST', `/api/admin/messages/${third.json.item.id}/reply`, {
          ...as(admin.cookie),
          body: { message: 'Answer' },
        })
      ).status,
    ).toBe(200)
    const after = await t.request('GET', '/api/admin/inbox', as(admin.cookie))
    expect(after.json.items.map((m: { message: string }) => m.message)).toEqual(['second'])
    await t.request('POST', '/api/send-message', { cookie: client.cookie, body: { message: 'fourth' } })
    expect(
      (await t.request('GET', '/api/admin/inbox', as(admin.cookie))).json.items.map(
        (m: { message: string }) => m.message,
      ),
    ).toEqual(['second', 'fourth'])
  })

  test(
    'documents after transmission: counted in the client list per year, listed in the inbox with the client, ' +
      'and a message shows its document there',
    async () => {
      const { admin, client, as } = await setup()
      const ben = await t.signIn('ben@example.ch')
      await fillUser(t.ctx, ben.user.id, { firstName: 'Ben', lastName: 'Keller', phone: '+41791234568' })
      const upload = async (cookie: string, name: string, text: string, taxYear = YEAR) => {
        const data = pdf(text)
        const up = await t.request('POST', '/api/files/upload', {
          cookie,
          raw: uploadForm([{ name, data, hash: sha256(data) }], { taxYear, categoryId: 1 }),
        })
        expect([up.status, up.json.failedCount]).toEqual([200, 0])
        return up.json.files[0].value.id as string
      }
      // Before the transmission: not new. After it: a new file, and a new version of one sent before.
      await upload(client.cookie, 'lohn.pdf', 'lohn')
      await upload(client.cookie, 'bank.pdf', 'bank')
      await writeStatus(t.ctx, client.user.id, YEAR, 4, null)
      t.clock.now += 1000
      const forgotten = await upload(client.cookie, 'vergessen.pdf', 'vergessen')
      t.clock.now += 1000
      await upload(client.cookie, 'lohn.pdf', 'lohn, corrected')
      const annaLast = t.ctx.now()
      // Ben's late document is for the year before, and arrives last.
      await writeStatus(t.ctx, ben.user.id, YEAR - 1, 4, null)
      t.clock.now += 1000
      await upload(ben.cookie, 'nachtrag.pdf', 'nachtrag', YEAR - 1)
      // A second version of it: still one file.
      await upload(ben.cookie, 'nachtrag.pdf', 'nachtrag, signed', YEAR - 1)

      const list = async (taxYear: number) =>
        Object.fromEntries(
          (await t.request('GET', `/api/admin/users?taxYear=${taxYear}`, as(admin.cookie))).json.items.map(
            (c: { email: string; fileCount: number; lateFileCount: number }) => [
              c.email,
              [c.fileCount, c.lateFileCount],
            ],
          ),
        )
      expect(await list(YEAR)).toEqual({ 'anna@example.ch': [3, 2], 'ben@example.ch': [0, 0] })
      expect(await list(YEAR - 1)).toEqual({ 'anna@example.ch': [0, 0], 'ben@example.ch': [1, 1] })

      await t.request('POST', '/api/send-message', {
        cookie: client.cookie,
        body: { message: 'The certificate I forgot', attachmentFileId: forgotten },
      })
      await t.request('POST', '/api/send-message', { cookie: ben.cookie, body: { message: 'Without a document' } })
      const inbox = (await t.request('GET', '/api/admin/inbox', as(admin.cookie))).json
      expect(inbox.items.map((m: { message: string; attachment: unknown }) => [m.message, m.attachment])).toEqual([
        [
          'The certificate I forgot',
          { fileId: forgotten, filename: 'vergessen.pdf', blobUrl: `/api/files/${forgotten}/versions/1/content` },
        ],
        ['Without a document', null],
      ])
      expect(inbox.lateUploads).toEqual([
        {
          userId: ben.user.id,
          taxYear: YEAR - 1,
          count: 1,
          lastAt: t.ctx.now(),
          versionIds: [expect.any(String)],
          email: 'ben@example.ch',
          name: 'Ben Keller',
        },
        {
          userId: client.user.id,
          taxYear: YEAR,
          count: 2,
          lastAt: annaLast,
          versionIds: [expect.any(String), expect.any(String)],
          email: 'anna@example.ch',
          name: 'Anna Muster',
        },
      ])
    },
  )

  test(
    "an expert's download is in the audit log with the address and the client; newest first, filters by " + 'action',
    async () => {
      const { admin, client, as } = await setup()
      await fillProfile(t.ctx, client.user.id)
      await writeStatus(t.ctx, client.user.id, YEAR, 2, null)
      const data = pdf('doc')
      const up = await t.request('POST', '/api/files/upload', {
        cookie: client.cookie,
        raw: uploadForm([{ name: 'a.pdf', data, hash: sha256(data) }], { taxYear: YEAR, categoryId: 1 }),
      })
      const fileId = up.json.files[0].value.id ?? up.json.files[0].value.fileId
      t.clock.now += 1000
      expect((await t.request('GET', `/api/files/${fileId}/content?download=1`, as(admin.cookie))).status).toBe(200)
      const r = await t.request('GET', `/api/admin/audit?action=admin_download`, as(admin.cookie))
      expect(r.json.items).toHaveLength(1)
      expect(r.json.items[0]).toMatchObject({
        action: 'admin_download',
        userId: admin.user.id,
        targetUserId: client.user.id,
        ip: '203.0.113.9',
      })
      const all = await t.request('GET', '/api/admin/audit', as(admin.cookie))
      const times = all.json.items.map((i: { at: number }) => i.at)
      expect(times).toEqual([...times].sort((a: number, b: number) => b - a))
      expect(all.json.actions).toContain('sign_in')
    },
  )
  test("the board's six lists are one audit row an hour per expert, counting the views", async () => {
    const { admin, as } = await setup()
    for (let status = 1; status <= 6; status++)
      expect((await t.request('GET', `/api/admin/users?status=${status}`, as(admin.cookie))).status).toBe(200)
    const views = async () =>
      (await t.request('GET', '/api/admin/audit?action=admin_list_clients', as(admin.cookie))).json.items
    expect(await views()).toMatchObject([{ userId: admin.user.id, repeats: 6 }])
    // Within the hour another view counts on the row; past the hour since the row began, a new row.
    for (const minutes of [40, 40]) {
      t.clock.now += minutes * 60_000
      expect((await t.request('GET', '/api/admin/users', as(admin.cookie))).status).toBe(200)
    }
    expect((await views()).map((i: { repeats: number }) => i.repeats)).toEqual([1, 7])
  })
})

describe('system and debug calls', () => {
  test('system info: environment, version, counts, migrations; integrity_check only on demand', async () => {
    const { admin, as } = await setup()
    const r = await t.request('GET', '/api/admin/system', as(admin.cookie))
    expect(r.json).toMatchObject({ environment: 'production', clients: 1, admins: 1, storedFiles: 0, integrity: null })
    expect(r.json.version).toMatch(/^\d+\.\d+\.\d+$/)
    expect(r.json.database.bytes).toBeGreaterThan(0)
    expect(r.json.migrations.map((m: { tag: string }) => m.tag)).toEqual(
      (onPostgres ? PG_MIGRATIONS : MIGRATIONS).map((m) => m.tag),
    )
    // PostgreSQL has no integrity check of SQLite's kind built in: null there, asked or not (docs/storage.md).
    expect((await t.request('GET', '/api/admin/system?integrity=1', as(admin.cookie))).json.integrity).toEqual(
      onPostgres ? null : ['ok'],
    )
  })

  test('db-status, tax/status and set-status answer admins in production', async () => {
    const { admin, client, as } = await setup()
    const db = await t.request('GET', '/api/debug/db-status', as(admin.cookie))
    expect(db.json).toMatchObject({
      hasTaxProfileColumn: true,
      userCount: 2,
      taxCompletedCount: 0,
      completionRate: 0,
      newestUser: { id: client.user.id },
    })
    const set = await t.request('POST', '/api/tax-profile/set-status', {
      ...as(admin.cookie),
      body: { status: true, userId: client.user.id },
    })
    expect(set.json).toMatchObject({ success: true, isTaxProfileComplete: true })
    const st = await t.request('GET', `/api/tax/status?userId=${client.user.id}`, as(admin.cookie))
    expect(st.json).toMatchObject({ userId: client.user.id, isTaxProfileComplete: true, taxStatusId: 1, taxYear: YEAR })
    expect((await t.request('GET', '/api/debug/db-status', as(admin.cookie))).json.taxCompletedCount).toBe(1)
    expect(
      (
        await t.request('POST', '/api/tax-profile/set-status', {
          ...as(admin.cookie),
          body: { status: true, userId: 999 },
        })
      ).status,
    ).toBe(404)
  })
})

describe('roles', () => {
  test(
    'admin remove takes the role away; an ADMIN_EMAILS role ends at start when the address leaves the list, a CLI ' +
      'role stays',
    async () => {
      const { admin, as } = await setup()
      await grantAdmin(t.ctx, 'cli@example.ch')
      const cli = await t.signIn('cli@example.ch')
      expect((await t.request('GET', '/api/admin/system', as(cli.cookie))).status).toBe(200)

      // A restart with ADMIN_EMAILS emptied: the listed expert is demoted, the CLI one is not.
      const config = loadConfig(t.cliEnv)
      const restarted = await createContext(config, { log: silentLogger, now: () => t.clock.now })
      expect(await syncAdminEmails(restarted)).toEqual([ADMIN])
      restarted.backend.close()
      expect((await t.request('GET', '/api/admin/system', as(admin.cookie))).status).toBe(403)
      expect((await t.request('GET', '/api/admin/system', as(cli.cookie))).status).toBe(200)

      const removed = await revokeAdmin(t.ctx, 'cli@example.ch')
      expect(removed.stillListed).toBe(false)
      expect((await t.request('GET', '/api/admin/system', as(cli.cookie))).status).toBe(403)
      expect(() => revokeAdmin(t.ctx, 'nobody@example.ch')).toThrow('No account')
    },
  )
})
