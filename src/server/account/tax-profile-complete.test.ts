import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { testApp } from '../test-helpers'
import { writeStatus } from '../tax-status/service'
import { apiProfile } from '../users/test-fixtures'

let t: Awaited<ReturnType<typeof testApp>>
beforeEach(async () => {
  t = await testApp()
})
afterEach(() => t.close())

// The test clock is 2026-11-22: 2025 is fileable, 2026 not yet.
const Y = 2025
const PROFILE = apiProfile()

/** What a request may leave behind: the stored profile, declarations and status rows. */
async function leftBehind(userId: number) {
  const one = async (sql: string) => ((await t.ctx.backend.get(sql, userId)) as { n: number }).n
  return {
    profiles: await one('SELECT count(*) AS n FROM profiles WHERE user_id = ?'),
    names: await one('SELECT count(*) AS n FROM users WHERE id = ? AND first_name IS NOT NULL'),
    declarations: await one('SELECT count(*) AS n FROM declarations WHERE user_id = ?'),
    statuses: await one('SELECT count(*) AS n FROM tax_year_status WHERE user_id = ?'),
  }
}
const NOTHING = { profiles: 0, names: 0, declarations: 0, statuses: 0 }

describe('POST /api/tax-profile/complete', () => {
  test('saves profile and declaration and moves 1→2 at once, answering the new user view', async () => {
    const { cookie, user } = await t.signIn('anna@example.ch')
    const r = await t.request('POST', '/api/tax-profile/complete', { cookie, body: { taxYear: Y, profile: PROFILE } })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({
      id: user.id,
      firstName: 'Anna',
      street: 'Bahnhofstrasse 1',
      isTaxProfileComplete: true,
      isProfileComplete: true,
      taxYear: Y,
      taxStatusId: 2,
    })
    const declaration = await t.request('GET', `/api/tax/declaration?taxYear=${Y}`, { cookie })
    expect(declaration.json).toMatchObject({
      taxYear: Y,
      version: 1,
      taxData: {
        personalInfo: { firstName: 'Anna' },
        location: { zipCode: '8001' },
        metadata: { userId: user.id, taxYear: Y },
      },
    })
    // The answer is what GET /api/user says from now on.
    const me = await t.request('GET', `/api/user?taxYear=${Y}`, { cookie })
    expect(me.json).toEqual(r.json)
  })

  const refused: [string, () => Record<string, unknown>, number, string][] = [
    [
      'a field the shared rules refuse (postal code)',
      () => ({ taxYear: Y, profile: { ...PROFILE, zipCode: '123' } }),
      400,
      'INVALID_INPUT',
    ],
    [
      'a profile the wizard finds incomplete (no employment)',
      () => ({ taxYear: Y, profile: { ...PROFILE, employmentType: undefined } }),
      409,
      'TAX_PROFILE_INCOMPLETE',
    ],
    ['a year not fileable yet', () => ({ taxYear: 2026, profile: PROFILE }), 409, 'TAX_YEAR_NOT_AVAILABLE'],
    ['a year outside the one range', () => ({ taxYear: 1800, profile: PROFILE }), 400, 'INVALID_INPUT'],
    ['a profile that is a list', () => ({ taxYear: Y, profile: [PROFILE] }), 400, 'INVALID_INPUT'],
    [
      'a plan chosen on the profile',
      () => ({ taxYear: Y, profile: { ...PROFILE, subscriptionPlan: 'premium' } }),
      403,
      'PLAN_ADMIN_ONLY',
    ],
  ]
  for (const [name, body, status, code] of refused) {
    test(`refused: ${name} → ${status} ${code}, and nothing is left behind`, async () => {
      const { cookie, user } = await t.signIn('anna@example.ch')
      const r = await t.request('POST', '/api/tax-profile/complete', { cookie, body: body() })
      expect({ status: r.status, code: r.json?.code }).toEqual({ status, code })
      expect(await leftBehind(user.id)).toEqual(NOTHING)
    })
  }

  test(
    'a year an expert moved past 2 keeps its status; the answers and a new declaration version are ' + 'saved',
    async () => {
      const { cookie, user } = await t.signIn('anna@example.ch')
      await writeStatus(t.ctx, user.id, Y, 4, null)
      const r = await t.request('POST', '/api/tax-profile/complete', { cookie, body: { taxYear: Y, profile: PROFILE } })
      expect(r.status).toBe(200)
      expect(r.json).toMatchObject({ taxStatusId: 4, firstName: 'Anna' })
      expect(await leftBehind(user.id)).toEqual({ profiles: 1, names: 1, declarations: 1, statuses: 1 })
    },
  )

  test("the spec's three calls reach the same state as the one call", async () => {
    const one = await t.signIn('one@example.ch')
    const three = await t.signIn('three@example.ch')
    await t.request('POST', '/api/tax-profile/complete', { cookie: one.cookie, body: { taxYear: Y, profile: PROFILE } })
    expect((await t.request('PUT', '/api/user/profile', { cookie: three.cookie, body: PROFILE })).status).toBe(200)
    const me = (await t.request('GET', '/api/user', { cookie: three.cookie })).json
    expect(
      (
        await t.request('POST', '/api/tax/save-declaration', {
          cookie: three.cookie,
          body: { taxYear: Y, taxData: { personalInfo: { firstName: me.firstName } } },
        })
      ).status,
    ).toBe(200)
    expect(
      (await t.request('POST', '/api/status/set', { cookie: three.cookie, body: { statusId: 2, taxYear: Y } })).status,
    ).toBe(200)
    const strip = (v: Record<string, unknown>) => {
      const { id: _id, email: _email, ...rest } = v
      return rest
    }
    expect(strip((await t.request('GET', `/api/user?taxYear=${Y}`, { cookie: three.cookie })).json)).toEqual(
      strip((await t.request('GET', `/api/user?taxYear=${Y}`, { cookie: one.cookie })).json),
    )
  })
})
