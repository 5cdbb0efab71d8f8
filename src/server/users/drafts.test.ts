import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { testApp } from '../test-helpers'
import { apiProfile, fillUser } from './test-fixtures'

// Issue 25: the wizard saved nothing until its last step, and registration lost its input on a legal page.
let t: Awaited<ReturnType<typeof testApp>>
beforeEach(async () => {
  t = await testApp()
})
afterEach(() => t.close())

const Y = 2025
const FULL = apiProfile({ maritalStatus: 'married', hasChildren: true, numberOfChildren: 2, childrenAges: [9, 5] })

describe('form drafts', () => {
  test('the wizard: nothing at first; each step written is read back as written, the last write counting', async () => {
    const anna = await t.signIn('anna@example.ch')
    const ben = await t.signIn('ben@example.ch')
    const none = await t.request('GET', '/api/user/drafts/wizard', { cookie: anna.cookie })
    expect([none.status, none.json]).toEqual([200, { draft: null }])
    const answers = { salutation: 'mrs', dateOfBirth: '1990-04-01', hasChildren: true, childrenAges: [9, 5] }
    expect(
      (
        await t.request('PUT', '/api/user/drafts/wizard', {
          cookie: anna.cookie,
          body: { taxYear: Y, step: 3, answers },
        })
      ).status,
    ).toBe(200)
    const more = { ...answers, maritalStatus: 'married' }
    await t.request('PUT', '/api/user/drafts/wizard', {
      cookie: anna.cookie,
      body: { taxYear: Y, step: 7, answers: more },
    })
    const back = await t.request('GET', '/api/user/drafts/wizard', { cookie: anna.cookie })
    expect(back.json.draft).toMatchObject({ kind: 'wizard', taxYear: Y, step: 7, answers: more })
    // One's own only: another person has none.
    expect((await t.request('GET', '/api/user/drafts/wizard', { cookie: ben.cookie })).json.draft).toBeNull()
  })

  test.each([
    [{ step: 2, answers: { password: 'x' } }, 'not a profile field'],
    [{ step: 2, answers: { firstName: { a: 1 } } }, 'not a value'],
    [{ step: 2, answers: [] }, 'expected an object'],
    [{ step: 12, answers: {} }, "'step'"],
    [{ step: -1, answers: {} }, "'step'"],
  ])('refused: %j (400, nothing stored)', async (body, message) => {
    const anna = await t.signIn('anna@example.ch')
    const r = await t.request('PUT', '/api/user/drafts/wizard', { cookie: anna.cookie, body })
    expect(r.status).toBe(400)
    expect(r.json.message).toContain(message)
    expect((await t.request('GET', '/api/user/drafts/wizard', { cookie: anna.cookie })).json.draft).toBeNull()
  })

  test('an unknown kind is a 400; not signed in is a 401', async () => {
    const anna = await t.signIn('anna@example.ch')
    expect((await t.request('GET', '/api/user/drafts/other', { cookie: anna.cookie })).status).toBe(400)
    expect((await t.request('GET', '/api/user/drafts/wizard')).status).toBe(401)
  })

  test('completing the wizard turns the draft into the profile and removes it', async () => {
    const anna = await t.signIn('anna@example.ch')
    await t.request('PUT', '/api/user/drafts/wizard', {
      cookie: anna.cookie,
      body: { taxYear: Y, step: 11, answers: FULL },
    })
    const done = await t.request('POST', '/api/tax-profile/complete', {
      cookie: anna.cookie,
      body: { taxYear: Y, profile: FULL },
    })
    expect(done.status).toBe(200)
    expect((await t.request('GET', '/api/user/drafts/wizard', { cookie: anna.cookie })).json.draft).toBeNull()
  })

  test('the registration keeps only its four fields, and accepting the terms removes its draft', async () => {
    const anna = await t.signIn('anna@example.ch')
    const refused = await t.request('PUT', '/api/user/drafts/registration', {
      cookie: anna.cookie,
      body: { answers: { firstName: 'Anna', maritalStatus: 'married' } },
    })
    expect(refused.status).toBe(400)
    const input = { firstName: 'Anna', lastName: 'Muster', phone: '791234567', countryCode: '+41' }
    await t.request('PUT', '/api/user/drafts/registration', { cookie: anna.cookie, body: { answers: input } })
    expect(
      (await t.request('GET', '/api/user/drafts/registration', { cookie: anna.cookie })).json.draft.answers,
    ).toEqual(input)
    await fillUser(t.ctx, anna.user.id)
    const accepted = await t.request('POST', '/api/gtc/accept', { cookie: anna.cookie, body: { accepted: true } })
    expect(accepted.status).toBe(200)
    expect((await t.request('GET', '/api/user/drafts/registration', { cookie: anna.cookie })).json.draft).toBeNull()
  })
})
