import { afterEach, describe, expect, test } from 'bun:test'
import { testApp } from '../test-helpers'
import { getUser } from '../users/service'
import { profileOf } from '../users/profile'
import { taxViewOf } from '../tax-status/service'
import { fillProfile, fillUser } from '../users/test-fixtures'

let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())

describe('GET /api/user: one object from three parts', () => {
  test('the account, the profile and the tax view share no key, so no spread order decides a value', async () => {
    t = await testApp()
    const { user } = await t.signIn('anna@example.ch')
    await fillUser(t.ctx, user.id)
    await fillProfile(t.ctx, user.id)
    const profileKeys = Object.keys(await profileOf(t.ctx, user.id))
    const taxKeys = Object.keys(await taxViewOf(t.ctx, user.id, 2025))
    const accountKeys = ['id', 'email', 'role', 'language', 'emailUpdates', 'isProfileComplete']
    const all = [...accountKeys, ...profileKeys, ...taxKeys]
    expect(new Set(all).size).toBe(all.length)
    expect((await getUser(t.ctx, user.id)).email).toBe('anna@example.ch')
  })

  test('answers every part for the signed-in user and the asked year', async () => {
    t = await testApp()
    const { cookie, user } = await t.signIn('anna@example.ch')
    await fillUser(t.ctx, user.id)
    const res = await t.request('GET', '/api/user?taxYear=2024', { cookie })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      id: user.id,
      email: 'anna@example.ch',
      role: 'user',
      language: 'en',
      isProfileComplete: true,
      name: 'Anna Muster',
      firstName: 'Anna',
      countryCode: '+41',
      isTaxProfileComplete: false,
      subscriptionPlan: 'basic',
      taxYear: 2024,
      taxStatusId: 1,
      taxStatus: 'profile_incomplete',
      taxYearStatuses: [],
    })
  })
})
