import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { testApp } from '../test-helpers'

let t: Awaited<ReturnType<typeof testApp>>
beforeEach(async () => {
  t = await testApp({ ADMIN_EMAILS: 'boss@example.ch' })
})
afterEach(() => t.close())

// The test clock is in November 2026: 2025 can be filed, 2026 cannot yet.
const taxData = (city: string) => ({
  personalInfo: { salutation: 'mrs', firstName: 'Anna', lastName: 'Muster' },
  location: { cantonOfResidence: 'bern', city },
  metadata: { taxYear: 2025, userId: 999, profileVersion: '1.0', completionStatus: 'complete', dataValidated: true },
})

describe('tax declarations', () => {
  test("each save adds a version; GET answers the latest; metadata userId is the server's", async () => {
    const { cookie, user } = await t.signIn('anna@example.ch')
    const first = await t.request('POST', '/api/tax/save-declaration', {
      cookie,
      body: { taxData: taxData('Bern'), filename: 'tax_declaration_1_2025-01-01.json' },
    })
    expect(first.status).toBe(200)
    expect(first.json).toMatchObject({ success: true, taxYear: 2025, version: 1 })
    const second = await t.request('POST', '/api/tax/save-declaration', {
      cookie,
      body: { taxData: taxData('Thun'), taxYear: 2025 },
    })
    expect(second.json.version).toBe(2)
    const latest = await t.request('GET', '/api/tax/declaration?taxYear=2025', { cookie })
    expect(latest.status).toBe(200)
    expect(latest.json.version).toBe(2)
    expect(latest.json.taxData.location.city).toBe('Thun')
    expect(latest.json.taxData.metadata.userId).toBe(user.id)
    const count = (await t.ctx.backend.get<{ n: number }>('SELECT count(*) AS n FROM declarations'))!.n
    expect(count).toBe(2)
  })

  test('the export is a JSON download of the latest version', async () => {
    const { cookie, user } = await t.signIn('anna@example.ch')
    await t.request('POST', '/api/tax/save-declaration', { cookie, body: { taxData: taxData('Bern') } })
    const res = await t.request('GET', '/api/tax/declaration/export?taxYear=2025', { cookie })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toStartWith(`attachment; filename="tax_declaration_${user.id}_2025_`)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(JSON.parse(res.text).location.city).toBe('Bern')
  })

  test('another user sees nothing of it (404), and neither does an anonymous caller (401)', async () => {
    const anna = await t.signIn('anna@example.ch')
    const bob = await t.signIn('bob@example.ch')
    await t.request('POST', '/api/tax/save-declaration', { cookie: anna.cookie, body: { taxData: taxData('Bern') } })
    expect((await t.request('GET', '/api/tax/declaration?taxYear=2025', { cookie: bob.cookie })).status).toBe(404)
    expect((await t.request('GET', '/api/tax/declaration/export?taxYear=2025', { cookie: bob.cookie })).status).toBe(
      404,
    )
    expect((await t.request('GET', '/api/tax/declaration?taxYear=2025')).status).toBe(401)
    // Naming another user does not help a user; it does an admin, and the download is audited.
    expect(
      (await t.request('GET', `/api/tax/declaration?taxYear=2025&userId=${anna.user.id}`, { cookie: bob.cookie }))
        .status,
    ).toBe(404)
    const boss = await t.signIn('boss@example.ch')
    const asAdmin = await t.request('GET', `/api/tax/declaration?taxYear=2025&userId=${anna.user.id}`, {
      cookie: boss.cookie,
    })
    expect(asAdmin.status).toBe(200)
    expect(asAdmin.json.taxData.location.city).toBe('Bern')
    expect(
      (
        await t.request('GET', `/api/tax/declaration/export?taxYear=2025&userId=${anna.user.id}`, {
          cookie: boss.cookie,
        })
      ).status,
    ).toBe(200)
    const audited = (await t.ctx.backend.get<{ n: number }>(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'admin_download_declaration'",
    ))!.n
    expect(audited).toBe(1)
  })

  test('refusals: a year not yet fileable (409), an unknown group, a missing year, not an object', async () => {
    const { cookie } = await t.signIn('anna@example.ch')
    const future = await t.request('POST', '/api/tax/save-declaration', {
      cookie,
      body: { taxData: taxData('Bern'), taxYear: 2026 },
    })
    expect(future.status).toBe(409)
    expect(future.json.code).toBe('TAX_YEAR_NOT_AVAILABLE')
    const unknown = await t.request('POST', '/api/tax/save-declaration', {
      cookie,
      body: { taxData: { ...taxData('Bern'), hacks: {} } },
    })
    expect(unknown.status).toBe(400)
    expect(unknown.json.message).toContain('taxData.hacks')
    const noYear = await t.request('POST', '/api/tax/save-declaration', { cookie, body: { taxData: { location: {} } } })
    expect(noYear.status).toBe(400)
    expect(noYear.json.message).toContain('taxYear')
    const notObject = await t.request('POST', '/api/tax/save-declaration', {
      cookie,
      body: { taxData: { location: 'Bern' }, taxYear: 2025 },
    })
    expect(notObject.status).toBe(400)
    expect((await t.request('GET', '/api/tax/declaration?taxYear=abc', { cookie })).status).toBe(400)
    expect((await t.ctx.backend.get<{ n: number }>('SELECT count(*) AS n FROM declarations'))!.n).toBe(0)
  })

  test('a group takes only its own fields (spec part 2 §3), with plain values', async () => {
    const { cookie } = await t.signIn('anna@example.ch')
    const stray = await t.request('POST', '/api/tax/save-declaration', {
      cookie,
      body: { taxData: { ...taxData('Bern'), location: { city: 'Bern', password: 'x' } } },
    })
    expect(stray.status).toBe(400)
    expect(stray.json).toEqual({
      message: "Invalid field 'taxData.location.password': not a field of location",
      code: 'INVALID_INPUT',
    })
    const nested = await t.request('POST', '/api/tax/save-declaration', {
      cookie,
      body: { taxData: { ...taxData('Bern'), personalStatus: { maritalStatus: { deep: 1 } } } },
    })
    expect(nested.status).toBe(400)
    expect(nested.json.message).toContain("'taxData.personalStatus.maritalStatus'")
    expect((await t.ctx.backend.get<{ n: number }>('SELECT count(*) AS n FROM declarations'))!.n).toBe(0)
    // What the wizard builds passes.
    const { buildDeclaration } = await import('../../shared/declaration')
    const built = buildDeclaration(
      { firstName: 'Anna', hasChildren: true, numberOfChildren: 2, childrenAges: [3, 7] },
      1,
      2025,
    )
    expect(
      (await t.request('POST', '/api/tax/save-declaration', { cookie, body: { taxData: built, taxYear: 2025 } }))
        .status,
    ).toBe(200)
  })

  test('a huge declaration is refused', async () => {
    const { cookie } = await t.signIn('anna@example.ch')
    const res = await t.request('POST', '/api/tax/save-declaration', {
      cookie,
      body: { taxData: { location: { city: 'x'.repeat(70_000) } }, taxYear: 2025 },
    })
    expect(res.status).toBe(400)
  })
})
