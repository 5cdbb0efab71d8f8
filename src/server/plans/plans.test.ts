import { afterEach, describe, expect, test } from 'bun:test'
import { testApp } from '../test-helpers'

let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())

describe('plans', () => {
  test('a new account is on basic; without PLAN_PRICES no prices', async () => {
    t = await testApp()
    const anna = await t.signIn('anna@example.ch')
    const res = await t.request('GET', '/api/plans', { cookie: anna.cookie })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ plan: 'basic', prices: null })
    expect((await t.request('GET', '/api/user', { cookie: anna.cookie })).json.subscriptionPlan).toBe('basic')
    expect((await t.request('GET', '/api/plans')).status).toBe(401)
  })

  test('PLAN_PRICES gives the currency and both prices', async () => {
    t = await testApp({ PLAN_PRICES: 'CHF basic=90 premium=189.50' })
    const anna = await t.signIn('anna@example.ch')
    expect((await t.request('GET', '/api/plans', { cookie: anna.cookie })).json).toEqual({
      plan: 'basic',
      prices: { currency: 'CHF', basic: 90, premium: 189.5 },
    })
  })

  test('asking for premium writes to the experts, in the person language; audited', async () => {
    t = await testApp({ ADMIN_EMAILS: 'boss@example.ch' })
    const anna = await t.signIn('anna@example.ch')
    const boss = await t.signIn('boss@example.ch')
    await t.request('PUT', '/api/user/language', { cookie: anna.cookie, body: { language: 'de' } })
    const asked = await t.request('POST', '/api/plans/premium-request', { cookie: anna.cookie })
    expect(asked.status).toBe(200)
    expect(asked.json.item.message).toContain('Premium')
    const inbox = await t.request('GET', '/api/admin/inbox', { cookie: boss.cookie })
    expect(inbox.json.items.map((m: { userId: number; message: string }) => [m.userId, m.message])).toEqual([
      [anna.user.id, asked.json.item.message],
    ])
    const own = await t.request('GET', '/api/messages', { cookie: anna.cookie })
    expect(own.json.map((m: { id: number }) => m.id)).toEqual([asked.json.item.id])
    const audit = await t.request('GET', `/api/admin/audit?action=plan_premium_requested`, { cookie: boss.cookie })
    expect(audit.json.items[0]).toMatchObject({ userId: anna.user.id, targetUserId: anna.user.id })
  })

  test('the expert sets premium (audited, 403 for users); then asking again is a 409', async () => {
    t = await testApp({ ADMIN_EMAILS: 'boss@example.ch' })
    const anna = await t.signIn('anna@example.ch')
    const boss = await t.signIn('boss@example.ch')
    const byUser = await t.request('PUT', `/api/admin/users/${anna.user.id}/plan`, {
      cookie: anna.cookie,
      body: { subscriptionPlan: 'premium' },
    })
    expect(byUser.status).toBe(403)
    expect((await t.request('GET', '/api/plans', { cookie: anna.cookie })).json.plan).toBe('basic')
    const set = await t.request('PUT', `/api/admin/users/${anna.user.id}/plan`, {
      cookie: boss.cookie,
      body: { subscriptionPlan: 'premium' },
    })
    expect(set.status).toBe(200)
    expect((await t.request('GET', '/api/plans', { cookie: anna.cookie })).json.plan).toBe('premium')
    const audit = await t.request('GET', `/api/admin/audit?action=admin_set_plan`, { cookie: boss.cookie })
    expect(audit.json.items[0]).toMatchObject({
      userId: boss.user.id,
      targetUserId: anna.user.id,
      detail: { userId: anna.user.id, plan: 'premium' },
    })
    const again = await t.request('POST', '/api/plans/premium-request', { cookie: anna.cookie })
    expect(again.status).toBe(409)
    expect(again.json.code).toBe('PLAN_ALREADY_PREMIUM')
    expect((await t.request('GET', '/api/messages', { cookie: anna.cookie })).json).toEqual([])
  })

  test('experts have no plan to ask for: 403', async () => {
    t = await testApp({ ADMIN_EMAILS: 'boss@example.ch' })
    const boss = await t.signIn('boss@example.ch')
    const res = await t.request('POST', '/api/plans/premium-request', { cookie: boss.cookie })
    expect(res.status).toBe(403)
    expect(res.json.code).toBe('PLAN_NOT_FOR_EXPERTS')
  })
})
