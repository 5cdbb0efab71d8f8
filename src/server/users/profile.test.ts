import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { testApp } from '../test-helpers'
import { apiProfile } from './test-fixtures'

let t: Awaited<ReturnType<typeof testApp>>
beforeEach(async () => {
  t = await testApp({ ADMIN_EMAILS: 'boss@example.ch' })
})
afterEach(() => t.close())

// Every field of the profile, most of them away from apiProfile's single employed person.
const VALID = apiProfile({
  taxAddress: 'Bahnhofstrasse 1',
  housingSituation: 'renter',
  isFirefighter: false,
  maritalStatus: 'divorced',
  propertyOwner: true,
  numberOfProperties: 2,
  propertyCountry: 'Switzerland',
  propertyUse: 'rented',
  hasChildren: true,
  numberOfChildren: 2,
  childrenAges: [7, 12],
  hasInvestments: true,
  hasForeignIncome: false,
  isDisabled: false,
  receivesAHVIV: false,
  hasTaxIdentificationNumber: true,
  hasPowerOfAttorney: false,
  employmentType: 'self-employed',
  paysAlimony: true,
  alimonyAmount: 850,
  alimonyDuration: '24',
  hasPillar3a: true,
  hasPension: false,
  taxationLevel: 'cantonal',
})

describe('PUT /api/user/profile', () => {
  test('a new user has the defaults: empty name, +41, the basic plan', async () => {
    const { cookie } = await t.signIn('anna@example.ch')
    const me = await t.request('GET', '/api/user', { cookie })
    expect(me.status).toBe(200)
    expect(me.json).toMatchObject({
      name: '',
      countryCode: '+41',
      subscriptionPlan: 'basic',
      isTaxProfileComplete: false,
      isProfileComplete: false,
      childrenAges: [],
      maritalStatus: null,
    })
  })

  test('every field round-trips through GET /api/user', async () => {
    const { cookie } = await t.signIn('anna@example.ch')
    const put = await t.request('PUT', '/api/user/profile', {
      cookie,
      body: { ...VALID, name: 'ignored', email: 'x@y.ch' },
    })
    expect(put.status).toBe(200)
    const me = await t.request('GET', '/api/user', { cookie })
    expect(me.json).toMatchObject({ ...VALID, name: 'Anna Muster', email: 'anna@example.ch', isProfileComplete: true })
  })

  test('a partial update keeps the other fields; null clears an optional one', async () => {
    const { cookie } = await t.signIn('anna@example.ch')
    await t.request('PUT', '/api/user/profile', { cookie, body: VALID })
    const put = await t.request('PUT', '/api/user/profile', { cookie, body: { city: 'Bern', jobName: null } })
    expect(put.status).toBe(200)
    expect(put.json).toMatchObject({ city: 'Bern', jobName: null, street: 'Bahnhofstrasse 1', firstName: 'Anna' })
  })

  const invalid: [string, Record<string, unknown>, string][] = [
    ['empty first name', { firstName: '  ' }, 'First name is required for proper folder naming'],
    ['empty last name', { lastName: '' }, 'Last name is required for proper folder naming'],
    ['missing phone', { phone: '' }, 'Phone number is required'],
    ['phone with letters', { phone: '079 123 45 67' }, "'phone'"],
    ['unsupported country code', { countryCode: '+1' }, "'countryCode'"],
    ['salutation', { salutation: 'dr' }, "'salutation'"],
    ['religion', { religion: 'Jedi' }, "'religion'"],
    ['movedDuringYear', { movedDuringYear: 'maybe' }, "'movedDuringYear'"],
    ['housingSituation', { housingSituation: 'castle' }, "'housingSituation'"],
    ['maritalStatus', { maritalStatus: 'engaged' }, "'maritalStatus'"],
    ['propertyUse', { propertyUse: 'holiday' }, "'propertyUse'"],
    ['employmentType', { employmentType: 'astronaut' }, "'employmentType'"],
    ['taxationLevel', { taxationLevel: 'global' }, "'taxationLevel'"],
    ['child age 19', { numberOfChildren: 1, childrenAges: [19] }, "'childrenAges'"],
    ['negative child age', { numberOfChildren: 1, childrenAges: [-1] }, "'childrenAges'"],
    ['ages do not match the count', { numberOfChildren: 2, childrenAges: [3] }, "'childrenAges'"],
    ['children yes but none', { hasChildren: true, numberOfChildren: 0, childrenAges: [] }, "'numberOfChildren'"],
    ['owner of no property', { propertyOwner: true, numberOfProperties: 0 }, "'numberOfProperties'"],
    ['canton name instead of slug', { cantonOfResidence: 'Zürich' }, "'cantonOfResidence'"],
    ['unknown canton', { cantonOfResidence: 'atlantis' }, "'cantonOfResidence'"],
    ['German ZIP', { zipCode: '80331' }, "'zipCode'"],
    ['ZIP below 1000', { zipCode: '0999' }, "'zipCode'"],
    ['date of birth today', { dateOfBirth: '2026-11-22' }, "'dateOfBirth'"],
    ['date of birth in the future', { dateOfBirth: '2030-01-01' }, "'dateOfBirth'"],
    ['not a date', { dateOfBirth: '1990-02-30' }, "'dateOfBirth'"],
    ['boolean as text', { hasPillar3a: 'yes' }, "'hasPillar3a'"],
    ['negative alimony', { alimonyAmount: -5 }, "'alimonyAmount'"],
    ['alimony duration as words', { alimonyDuration: '24 months' }, "'alimonyDuration'"],
    ['alimony duration over three digits', { alimonyDuration: '1200' }, "'alimonyDuration'"],
    ['too many properties', { numberOfProperties: 1.5 }, "'numberOfProperties'"],
  ]
  test.each(invalid)('%s: 400 naming the field, nothing stored', async (_name, patch, message) => {
    const { cookie } = await t.signIn('anna@example.ch')
    await t.request('PUT', '/api/user/profile', { cookie, body: VALID })
    const res = await t.request('PUT', '/api/user/profile', { cookie, body: { ...VALID, city: 'Changed', ...patch } })
    expect(res.status).toBe(400)
    expect(res.json.message).toContain(message)
    expect(res.json.code).toMatch(/^[A-Z_]+$/)
    const me = await t.request('GET', '/api/user', { cookie })
    expect(me.json.city).toBe('Zürich')
  })

  test('first-time save needs the name and phone even when not sent', async () => {
    const { cookie } = await t.signIn('new@example.ch')
    const res = await t.request('PUT', '/api/user/profile', { cookie, body: { city: 'Bern' } })
    expect(res.status).toBe(400)
    expect(res.json.message).toBe('First name is required for proper folder naming')
  })

  test('a body that is not a JSON object is refused', async () => {
    const { cookie } = await t.signIn('anna@example.ch')
    for (const body of [[1, 2], 'garbage', 42]) {
      const res = await t.request('PUT', '/api/user/profile', { cookie, body })
      expect(res.status).toBe(400)
      expect(res.json.code).toBe('INVALID_INPUT')
    }
  })

  test('not signed in: 401', async () => {
    expect((await t.request('PUT', '/api/user/profile', { body: VALID })).status).toBe(401)
  })
})

describe('subscription plan', () => {
  test('the user cannot change it; an admin can', async () => {
    const anna = await t.signIn('anna@example.ch')
    const boss = await t.signIn('boss@example.ch')
    await t.request('PUT', '/api/user/profile', { cookie: anna.cookie, body: VALID })
    const self = await t.request('PUT', '/api/user/profile', {
      cookie: anna.cookie,
      body: { ...VALID, subscriptionPlan: 'premium' },
    })
    expect(self.status).toBe(403)
    expect(self.json.code).toBe('PLAN_ADMIN_ONLY')
    const viaAdminRoute = await t.request('PUT', `/api/admin/users/${anna.user.id}/plan`, {
      cookie: anna.cookie,
      body: { subscriptionPlan: 'premium' },
    })
    expect(viaAdminRoute.status).toBe(403)
    expect((await t.request('GET', '/api/user', { cookie: anna.cookie })).json.subscriptionPlan).toBe('basic')

    const set = await t.request('PUT', `/api/admin/users/${anna.user.id}/plan`, {
      cookie: boss.cookie,
      body: { subscriptionPlan: 'premium' },
    })
    expect(set.status).toBe(200)
    expect((await t.request('GET', '/api/user', { cookie: anna.cookie })).json.subscriptionPlan).toBe('premium')
    // Sending the current plan back unchanged (a whole form) is fine.
    expect(
      (
        await t.request('PUT', '/api/user/profile', {
          cookie: anna.cookie,
          body: { ...VALID, subscriptionPlan: 'premium' },
        })
      ).status,
    ).toBe(200)
  })

  test('admin: unknown plan 400, unknown user 404', async () => {
    const boss = await t.signIn('boss@example.ch')
    expect(
      (
        await t.request('PUT', `/api/admin/users/${boss.user.id}/plan`, {
          cookie: boss.cookie,
          body: { subscriptionPlan: 'gold' },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await t.request('PUT', '/api/admin/users/9999/plan', {
          cookie: boss.cookie,
          body: { subscriptionPlan: 'basic' },
        })
      ).status,
    ).toBe(404)
  })
})

describe('POST /api/gtc/accept', () => {
  /** Signed in with name and phone stored, as first-time registration saves them before the terms. */
  async function registered(env?: Record<string, string>) {
    if (env) {
      t.close()
      t = await testApp(env)
    }
    const session = await t.signIn('anna@example.ch')
    const put = await t.request('PUT', '/api/user/profile', {
      cookie: session.cookie,
      body: { firstName: 'Anna', lastName: 'Muster', phone: '791234567', countryCode: '+41' },
    })
    expect(put.status).toBe(200)
    return session
  }

  test('before name and phone are stored it is a 409 and records nothing', async () => {
    const { cookie, user } = await t.signIn('anna@example.ch')
    const res = await t.request('POST', '/api/gtc/accept', { cookie, body: { accepted: true } })
    expect(res.status).toBe(409)
    expect(res.json.code).toBe('REGISTRATION_INCOMPLETE')
    const row = await t.ctx.backend.get<{ gtc_accepted_at: number | null }>(
      'SELECT gtc_accepted_at FROM profiles WHERE user_id = ?',
      user.id,
    )
    expect(row?.gtc_accepted_at ?? null).toBeNull()
  })

  test(
    'records the time, the request user agent and the address the server sees, not what the client ' + 'claims',
    async () => {
      const { cookie, user } = await registered()
      const res = await t.request('POST', '/api/gtc/accept', {
        cookie,
        headers: { 'user-agent': 'TestBrowser/1.0', 'x-forwarded-for': '203.0.113.9' },
        body: { accepted: true, timestamp: '1999-01-01T00:00:00Z', userAgent: 'fake', ipAddress: 'client-side' },
      })
      expect(res.status).toBe(200)
      const row = (await t.ctx.backend.get<{ gtc_accepted_at: number; gtc_user_agent: string; gtc_ip: string }>(
        'SELECT gtc_accepted_at, gtc_user_agent, gtc_ip FROM profiles WHERE user_id = ?',
        user.id,
      ))!
      expect(row.gtc_accepted_at).toBe(t.clock.now)
      expect(row.gtc_user_agent).toBe('TestBrowser/1.0')
      // No trusted proxy: the forwarded header is ignored, the socket address (loopback in-process) counts.
      expect(row.gtc_ip).toBe('127.0.0.1')
      expect((await t.request('GET', '/api/user', { cookie })).json.gtcAcceptedAt).toBe(
        new Date(t.clock.now).toISOString(),
      )
    },
  )

  test('anything but an acceptance is refused and records nothing', async () => {
    const { cookie, user } = await registered()
    for (const body of [{ accepted: false }, { accepted: 'no' }, { accepted: 0 }, {}]) {
      const res = await t.request('POST', '/api/gtc/accept', { cookie, body })
      expect(res.status).toBe(400)
      expect(res.json).toEqual({
        message: "Invalid field 'accepted': the terms must be accepted",
        code: 'INVALID_INPUT',
      })
    }
    const row = await t.ctx.backend.get<{ gtc_accepted_at: number | null }>(
      'SELECT gtc_accepted_at FROM profiles WHERE user_id = ?',
      user.id,
    )
    expect(row?.gtc_accepted_at ?? null).toBeNull()
  })

  test('behind two trusted proxies the address the outer one saw is recorded', async () => {
    const { cookie, user } = await registered({ TRUST_PROXY: '2' })
    await t.request('POST', '/api/gtc/accept', {
      cookie,
      headers: { 'x-forwarded-for': '203.0.113.9, 10.0.0.1' },
      body: { accepted: true },
    })
    const row = (await t.ctx.backend.get<{ gtc_ip: string }>('SELECT gtc_ip FROM profiles WHERE user_id = ?', user.id))!
    expect(row.gtc_ip).toBe('203.0.113.9')
  })
})
