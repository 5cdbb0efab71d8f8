import { afterEach, describe, expect, test } from 'bun:test'
import { testApp } from '../test-helpers'
import { writeStatus } from './service'
import { FULL_PROFILE, fillProfile, fillUser } from '../users/test-fixtures'

// T0 is 22 November 2026: 2025 is the default and fileable, 2026 is not yet.
const Y = 2025
let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())

async function setup() {
  t = await testApp({ ADMIN_EMAILS: 'expert@example.ch' })
  const anna = await t.signIn('anna@example.ch')
  const admin = await t.signIn('expert@example.ch')
  return { anna, admin }
}
const statusOf = async (cookie: string, year = Y) =>
  (await t.request('GET', `/api/tax-status?taxYear=${year}`, { cookie })).json

describe('GET /api/tax-status', () => {
  test('a new user is at profile_incomplete for the default year', async () => {
    const { anna } = await setup()
    const r = await t.request('GET', '/api/tax-status', { cookie: anna.cookie })
    expect(r.status).toBe(200)
    expect(r.json).toEqual({ current_status_id: 1, status: 'profile_incomplete', taxYear: Y })
  })

  test('needs a session', async () => {
    t = await testApp()
    const r = await t.request('GET', '/api/tax-status?taxYear=2025')
    expect(r.status).toBe(401)
    expect(r.json.code).toBe('SESSION_EXPIRED')
  })

  test('a malformed year is a 400', async () => {
    const { anna } = await setup()
    expect((await t.request('GET', '/api/tax-status?taxYear=abc', { cookie: anna.cookie })).status).toBe(400)
  })
})

describe('moves by a user (docs/statuses.md)', () => {
  const routes = [
    ['POST', '/api/tax-status/update-numeric', (s: number | string, y = Y) => ({ status: s, taxYear: y })],
    ['PATCH', '/api/user/tax-status', (s: number | string, y = Y) => ({ taxStatus: s, taxYear: y })],
    ['POST', '/api/status/set', (s: number | string, y = Y) => ({ status: s, taxYear: y })],
  ] as const

  for (const [method, path, body] of routes) {
    test(`${path}: a user at 1 cannot set 6, 3 or 4 (403, nothing changes)`, async () => {
      const { anna } = await setup()
      for (const to of [6, 3, 4, 'completed']) {
        const r = await t.request(method, path, { cookie: anna.cookie, body: body(to) })
        expect(r.status).toBe(403)
        expect(r.json.code).toBe('STATUS_MOVE_FORBIDDEN')
      }
      expect((await statusOf(anna.cookie)).current_status_id).toBe(1)
    })

    test(`${path}: 1→2 is refused with 409 naming the first missing wizard field`, async () => {
      const { anna } = await setup()
      const r = await t.request(method, path, { cookie: anna.cookie, body: body(2) })
      expect(r.status).toBe(409)
      expect(r.json.code).toBe('TAX_PROFILE_INCOMPLETE')
      expect(r.json.message).toContain("'salutation'")
      await fillUser(t.ctx, anna.user.id)
      const { employmentType: _, ...almost } = FULL_PROFILE
      await fillProfile(t.ctx, anna.user.id, almost)
      const r2 = await t.request(method, path, { cookie: anna.cookie, body: body(2) })
      expect(r2.status).toBe(409)
      expect(r2.json.message).toContain("'employmentType'")
      expect((await statusOf(anna.cookie)).current_status_id).toBe(1)
    })

    test(`${path}: 1→2 with a complete profile moves and marks the tax profile complete`, async () => {
      const { anna } = await setup()
      await fillUser(t.ctx, anna.user.id)
      await fillProfile(t.ctx, anna.user.id)
      const r = await t.request(method, path, {
        cookie: anna.cookie,
        body: body(typeof body(2) === 'object' && 'taxStatus' in body(2) ? 'documents_pending' : 2),
      })
      expect(r.status).toBe(200)
      expect(r.json).toMatchObject({ success: true, current_status_id: 2, status: 'documents_pending', taxYear: Y })
      expect(await t.ctx.backend.get('SELECT is_tax_profile_complete AS c FROM profiles')).toEqual({ c: 1 })
    })
  }

  test(
    'documents covered while the year was at 1: the 1→2 move goes straight on to 3 (the auto-advance ' + 're-check)',
    async () => {
      const { anna } = await setup()
      for (const id of [1, 2, 3, 4, 5, 21]) {
        const r = await t.request('POST', `/api/user-preferences/${id}`, {
          cookie: anna.cookie,
          body: { taxYear: Y, isRelevant: false },
        })
        expect(r.status).toBe(200)
      }
      expect((await statusOf(anna.cookie)).current_status_id).toBe(1)
      await fillUser(t.ctx, anna.user.id)
      await fillProfile(t.ctx, anna.user.id)
      const r = await t.request('POST', '/api/status/set', { cookie: anna.cookie, body: { statusId: 2, taxYear: Y } })
      expect(r.status).toBe(200)
      expect(r.json).toMatchObject({ current_status_id: 3, status: 'documents_submitted' })
      // Another year is not touched by the marks of this one.
      expect((await statusOf(anna.cookie, Y - 1)).current_status_id).toBe(1)
    },
  )

  test('a user at 2 cannot go back to 1 or jump to 3; at 3 cannot set 4 directly', async () => {
    const { anna } = await setup()
    await writeStatus(t.ctx, anna.user.id, Y, 2, null)
    for (const to of [1, 3, 5])
      expect(
        (await t.request('POST', '/api/status/set', { cookie: anna.cookie, body: { status: to, taxYear: Y } })).status,
      ).toBe(403)
    await writeStatus(t.ctx, anna.user.id, Y, 3, null)
    expect(
      (
        await t.request('POST', '/api/tax-status/update-numeric', {
          cookie: anna.cookie,
          body: { status: 4, taxYear: Y },
        })
      ).status,
    ).toBe(403)
    expect((await statusOf(anna.cookie)).current_status_id).toBe(3)
  })

  test("a user cannot move another user's status: 404, as for a user that does not exist (actorMay)", async () => {
    const { anna, admin } = await setup()
    const r = await t.request('POST', '/api/status/set', {
      cookie: anna.cookie,
      body: { status: 2, taxYear: Y, userId: admin.user.id },
    })
    expect(r.status).toBe(404)
    const missing = await t.request('POST', '/api/status/set', {
      cookie: anna.cookie,
      body: { status: 2, taxYear: Y, userId: 9999 },
    })
    expect({ status: missing.status, json: missing.json }).toEqual({ status: r.status, json: r.json })
    expect((await statusOf(admin.cookie)).current_status_id).toBe(1)
  })

  test('a year that is not fileable yet is refused with 409 Tax Year Not Available', async () => {
    const { anna } = await setup()
    await fillUser(t.ctx, anna.user.id)
    await fillProfile(t.ctx, anna.user.id)
    const r = await t.request('POST', '/api/tax-status/update-numeric', {
      cookie: anna.cookie,
      body: { status: 2, taxYear: 2026 },
    })
    expect(r.status).toBe(409)
    expect(r.json).toEqual({
      code: 'TAX_YEAR_NOT_AVAILABLE',
      message: 'Tax Year Not Available: Swiss tax returns for 2026 can be filed starting January 1, 2027',
    })
    expect(await t.ctx.backend.get('SELECT count(*) AS n FROM tax_year_status')).toEqual({ n: 0 })
    // On 1 January 2027 it opens.
    t.clock.now = Date.parse('2027-01-01T08:00:00')
    const later = await t.signIn('anna@example.ch')
    expect(
      (
        await t.request('POST', '/api/tax-status/update-numeric', {
          cookie: later.cookie,
          body: { status: 2, taxYear: 2026 },
        })
      ).status,
    ).toBe(200)
  })

  test('an unknown status is a 400', async () => {
    const { anna } = await setup()
    for (const status of [0, 7, 'nonsense']) {
      const r = await t.request('POST', '/api/status/set', { cookie: anna.cookie, body: { status, taxYear: Y } })
      expect(r.status).toBe(400)
    }
  })
})

describe('POST /api/status/set as the wizard sends it', () => {
  test('statusId 2 moves 1→2 once the profile is complete; without a status it is a 400', async () => {
    const { anna } = await setup()
    const missing = await t.request('POST', '/api/status/set', { cookie: anna.cookie, body: { taxYear: Y } })
    expect(missing.status).toBe(400)
    expect(missing.json.message).toBe("Missing field 'statusId'")
    const early = await t.request('POST', '/api/status/set', { cookie: anna.cookie, body: { statusId: 2, taxYear: Y } })
    expect(early.status).toBe(409)
    await fillUser(t.ctx, anna.user.id)
    await fillProfile(t.ctx, anna.user.id, FULL_PROFILE)
    const moved = await t.request('POST', '/api/status/set', { cookie: anna.cookie, body: { statusId: 2, taxYear: Y } })
    expect(moved.status).toBe(200)
    expect((await statusOf(anna.cookie)).current_status_id).toBe(2)
  })
})

describe('moves by an expert', () => {
  test('an admin sets 5 and 6 for a user; the user is notified of each change', async () => {
    const { anna, admin } = await setup()
    await writeStatus(t.ctx, anna.user.id, Y, 4, null)
    for (const to of [5, 6]) {
      const r = await t.request('POST', '/api/status/set', {
        cookie: admin.cookie,
        body: { status: to, taxYear: Y, userId: anna.user.id },
      })
      expect(r.status).toBe(200)
      expect(r.json.current_status_id).toBe(to)
    }
    expect((await statusOf(anna.cookie)).status).toBe('completed')
    const notes = (await t.request('GET', '/api/notifications', { cookie: anna.cookie })).json.filter(
      (n: { id: string }) => n.id.startsWith('event-'),
    )
    expect(notes).toHaveLength(2)
    expect(notes[0]).toEqual({
      id: expect.stringMatching(/^event-\d+$/),
      code: 'status_changed',
      params: { year: Y, status: 'completed' },
      category: 'status',
      priority: 'high',
      actionUrl: '/',
      read: false,
      createdAt: expect.any(Number),
    })
    expect(await t.ctx.backend.get("SELECT count(*) AS n FROM audit_log WHERE action = 'status_set'")).toEqual({
      n: 2,
    })
  })

  test('an admin may set any status, also backwards, through PATCH /api/user/tax-status', async () => {
    const { anna, admin } = await setup()
    await writeStatus(t.ctx, anna.user.id, Y, 5, null)
    const r = await t.request('PATCH', '/api/user/tax-status', {
      cookie: admin.cookie,
      body: { taxStatus: 'documents_pending', taxYear: Y, userId: anna.user.id },
    })
    expect(r.status).toBe(200)
    expect((await statusOf(anna.cookie)).current_status_id).toBe(2)
  })

  test('an admin naming an unknown user gets 404; a non-fileable year 409', async () => {
    const { anna, admin } = await setup()
    expect(
      (
        await t.request('POST', '/api/status/set', {
          cookie: admin.cookie,
          body: { status: 5, taxYear: Y, userId: 9999 },
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await t.request('POST', '/api/status/set', {
          cookie: admin.cookie,
          body: { status: 5, taxYear: 2026, userId: anna.user.id },
        })
      ).status,
    ).toBe(409)
  })
})

describe('transmit 3→4', () => {
  test('at status 3 without the completion flag: 409 with a message, nothing changes', async () => {
    const { anna } = await setup()
    await writeStatus(t.ctx, anna.user.id, Y, 3, null)
    const r = await t.request('POST', '/api/tax-year-status/transmit', { cookie: anna.cookie, body: { taxYear: Y } })
    expect(r.status).toBe(409)
    expect(r.json.code).toBe('ADVANCED_INFO_INCOMPLETE')
    expect(r.json.message).toContain('Advanced Tax Information')
    expect((await statusOf(anna.cookie)).current_status_id).toBe(3)
  })

  test('with the flag it moves 3→4, clears the transmit flag and stores a notification', async () => {
    const { anna } = await setup()
    await writeStatus(t.ctx, anna.user.id, Y, 3, null)
    const put = await t.request('PUT', '/api/tax-year-status/flags', {
      cookie: anna.cookie,
      body: { taxYear: Y, advancedInfoCompleted: true, transmitEnabled: true },
    })
    expect(put.json).toEqual({ taxYear: Y, advancedInfoCompleted: true, transmitEnabled: true, canTransmit: true })
    const r = await t.request('POST', '/api/tax-year-status/transmit', { cookie: anna.cookie, body: { taxYear: Y } })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ success: true, current_status_id: 4, status: 'processing' })
    expect((await t.request('GET', `/api/tax-year-status/flags?taxYear=${Y}`, { cookie: anna.cookie })).json).toEqual({
      taxYear: Y,
      advancedInfoCompleted: true,
      transmitEnabled: false,
      canTransmit: false,
    })
    const notes = (await t.request('GET', '/api/notifications', { cookie: anna.cookie })).json
    expect(notes.find((n: { code: string }) => n.code === 'documents_transmitted')).toMatchObject({
      params: { year: Y },
      category: 'documents',
    })
  })

  test('at status 2 (or 4) transmitting is a 409 even with the flag', async () => {
    const { anna } = await setup()
    await writeStatus(t.ctx, anna.user.id, Y, 2, null)
    await t.request('PUT', '/api/tax-year-status/flags', {
      cookie: anna.cookie,
      body: { taxYear: Y, advancedInfoCompleted: true },
    })
    const r = await t.request('POST', '/api/tax-year-status/transmit', { cookie: anna.cookie, body: { taxYear: Y } })
    expect(r.status).toBe(409)
    expect(r.json.code).toBe('NOT_READY_TO_TRANSMIT')
    expect((await statusOf(anna.cookie)).current_status_id).toBe(2)
  })

  test('flags and transmit are refused for a year that is not fileable', async () => {
    const { anna } = await setup()
    expect(
      (
        await t.request('PUT', '/api/tax-year-status/flags', {
          cookie: anna.cookie,
          body: { taxYear: 2026, advancedInfoCompleted: true },
        })
      ).status,
    ).toBe(409)
    expect(
      (await t.request('POST', '/api/tax-year-status/transmit', { cookie: anna.cookie, body: { taxYear: 2026 } }))
        .status,
    ).toBe(409)
  })

  test("flags are per user: one user's flag does not let another transmit", async () => {
    const { anna, admin } = await setup()
    await writeStatus(t.ctx, admin.user.id, Y, 3, null)
    await t.request('PUT', '/api/tax-year-status/flags', {
      cookie: anna.cookie,
      body: { taxYear: Y, advancedInfoCompleted: true },
    })
    expect(
      (await t.request('POST', '/api/tax-year-status/transmit', { cookie: admin.cookie, body: { taxYear: Y } })).status,
    ).toBe(409)
  })
})

describe('GET /api/user tax view and ETags', () => {
  test('/api/user carries taxStatus, taxYear, every year, the plan and the role', async () => {
    const { anna } = await setup()
    await writeStatus(t.ctx, anna.user.id, 2024, 4, null)
    await writeStatus(t.ctx, anna.user.id, 2025, 2, null)
    const r = await t.request('GET', '/api/user?taxYear=2024', { cookie: anna.cookie })
    expect(r.json).toMatchObject({
      email: 'anna@example.ch',
      role: 'user',
      taxStatus: 'processing',
      taxStatusId: 4,
      taxYear: 2024,
      subscriptionPlan: 'basic',
      taxYearStatuses: [
        { taxYear: 2025, status: 'documents_pending', statusId: 2 },
        { taxYear: 2024, status: 'processing', statusId: 4 },
      ],
    })
    expect((await t.request('GET', '/api/user', { cookie: anna.cookie })).json.taxYear).toBe(Y)
  })

  for (const path of ['/api/user?taxYear=2025', '/api/tax-status?taxYear=2025', '/api/notifications']) {
    test(`${path} answers an ETag, 304 on a match, and a new ETag after a change`, async () => {
      const { anna, admin } = await setup()
      const first = await t.request('GET', path, { cookie: anna.cookie })
      const etag = first.headers.get('etag')!
      expect(etag).toMatch(/^W\/"/)
      const again = await t.request('GET', path, { cookie: anna.cookie, headers: { 'if-none-match': etag } })
      expect(again.status).toBe(304)
      expect(again.text).toBe('')
      await t.request('POST', '/api/status/set', {
        cookie: admin.cookie,
        body: { status: 5, taxYear: Y, userId: anna.user.id, override: true },
      })
      const changed = await t.request('GET', path, { cookie: anna.cookie, headers: { 'if-none-match': etag } })
      expect(changed.status).toBe(200)
      expect(changed.headers.get('etag')).not.toBe(etag)
    })
  }
})

describe("an expert's move the client's data does not support (issue 25, finding 11)", () => {
  const move = (cookie: string, userId: number, statusId: number, extra: Record<string, unknown> = {}) =>
    t.request('POST', `/api/admin/users/${userId}/status`, { cookie, body: { statusId, taxYear: Y, ...extra } })
  const notes = async (userId: number) =>
    (await t.ctx.backend.get<{ n: number }>('SELECT count(*) AS n FROM notifications WHERE user_id = ?', userId))!.n

  test('to "transmitted" without a finished profile: 409 naming the gap; nothing moves or is sent', async () => {
    const { anna, admin } = await setup()
    const before = await notes(anna.user.id)
    for (const to of [2, 3, 4, 5, 6]) {
      const r = await move(admin.cookie, anna.user.id, to)
      expect({ to, status: r.status, code: r.json.code }).toEqual({
        to,
        status: 409,
        code: 'STATUS_PROFILE_INCOMPLETE',
      })
      expect(r.json.message).toContain('profile')
    }
    expect((await statusOf(anna.cookie)).current_status_id).toBe(1)
    expect(await notes(anna.user.id)).toBe(before)
    // The spec's own status calls hold the same rule for an expert.
    const spec = await t.request('POST', '/api/status/set', {
      cookie: admin.cookie,
      body: { status: 4, taxYear: Y, userId: anna.user.id },
    })
    expect(spec.status).toBe(409)
  })

  test('the expert confirms an override: the move happens and the audit names the reason', async () => {
    const { anna, admin } = await setup()
    const r = await move(admin.cookie, anna.user.id, 4, { override: true })
    expect(r.status).toBe(200)
    expect(r.json.current_status_id).toBe(4)
    const row = (await t.ctx.backend.get<{ detail: string }>(
      "SELECT detail FROM audit_log WHERE action = 'status_set'",
    ))!
    expect(JSON.parse(row.detail)).toMatchObject({ from: 1, to: 4, override: 'profile_incomplete' })
  })

  test('with a finished profile the documents and then the advanced information are what is missing', async () => {
    const { anna, admin } = await setup()
    await fillUser(t.ctx, anna.user.id)
    await fillProfile(t.ctx, anna.user.id, FULL_PROFILE)
    await t.ctx.backend.run('UPDATE profiles SET is_tax_profile_complete = TRUE WHERE user_id = ?', anna.user.id)
    expect((await move(admin.cookie, anna.user.id, 2)).status).toBe(200)
    const three = await move(admin.cookie, anna.user.id, 3)
    expect(three.status).toBe(409)
    expect(three.json.code).toBe('STATUS_DOCUMENTS_MISSING')
    expect(three.json.message).toContain('documents')
    await writeStatus(t.ctx, anna.user.id, Y, 3, null)
    const four = await move(admin.cookie, anna.user.id, 4)
    expect(four.status).toBe(409)
    expect(four.json.code).toBe('STATUS_ADVANCED_INCOMPLETE')
    expect(four.json.message).toContain('advanced')
    // The experts' own steps after transmission, and every move back, need nothing.
    await writeStatus(t.ctx, anna.user.id, Y, 4, null)
    expect((await move(admin.cookie, anna.user.id, 5)).status).toBe(200)
    expect((await move(admin.cookie, anna.user.id, 6)).status).toBe(200)
    expect((await move(admin.cookie, anna.user.id, 1)).status).toBe(200)
  })
})
