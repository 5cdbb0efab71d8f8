import { afterEach, describe, expect, test } from 'bun:test'
import { testApp } from '../test-helpers'
import { actorMay, targetUserId } from '../infra/actor-may'
import { ApiError } from './errors'

let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())

type Call = { name: string; call: (year: unknown) => [method: string, path: string, body?: unknown] }
/** Every endpoint that takes a tax year: they all answer the same for the same bad year (one parser, one range). */
const CALLS: Call[] = [
  { name: 'GET /api/user', call: (y) => ['GET', `/api/user?taxYear=${y}`] },
  { name: 'GET /api/tax-status', call: (y) => ['GET', `/api/tax-status?taxYear=${y}`] },
  { name: 'GET /api/tax-year-status/flags', call: (y) => ['GET', `/api/tax-year-status/flags?taxYear=${y}`] },
  { name: 'GET /api/files', call: (y) => ['GET', `/api/files?taxYear=${y}`] },
  { name: 'GET /api/document-categories', call: (y) => ['GET', `/api/document-categories?taxYear=${y}`] },
  { name: 'GET /api/tax/declaration', call: (y) => ['GET', `/api/tax/declaration?taxYear=${y}`] },
  { name: 'POST /api/status/set', call: (y) => ['POST', '/api/status/set', { statusId: 2, taxYear: y }] },
  {
    name: 'POST /api/tax-year-status/transmit',
    call: (y) => ['POST', '/api/tax-year-status/transmit', { taxYear: y }],
  },
  {
    name: 'PUT /api/tax-year-status/flags',
    call: (y) => ['PUT', '/api/tax-year-status/flags', { taxYear: y, advancedInfoCompleted: true }],
  },
  {
    name: 'POST /api/user-preferences/:id',
    call: (y) => ['POST', '/api/user-preferences/1', { taxYear: y, isRelevant: false }],
  },
  {
    name: 'POST /api/tax/save-declaration',
    call: (y) => ['POST', '/api/tax/save-declaration', { taxYear: y, taxData: {} }],
  },
]

describe('one year parser for every endpoint (src/shared/tax-years.ts)', () => {
  for (const year of [1899, 3000]) {
    test(`${year} is outside the one range: 400 naming taxYear everywhere`, async () => {
      t = await testApp()
      const { cookie } = await t.signIn('anna@example.ch')
      for (const c of CALLS) {
        const [method, path, body] = c.call(year)
        const r = await t.request(method, path, { cookie, body })
        expect({ name: c.name, status: r.status, code: r.json?.code, message: r.json?.message }).toEqual({
          name: c.name,
          status: 400,
          code: 'INVALID_INPUT',
          message: "Invalid field 'taxYear': expected a year from 1900 to 2999",
        })
      }
    })
  }

  test('text that is not four digits is refused where the year comes as text', async () => {
    t = await testApp()
    const { cookie } = await t.signIn('anna@example.ch')
    for (const c of CALLS.filter((c) => c.name.startsWith('GET'))) {
      for (const bad of ['2025x', '2025.0', '%202025', 'abc']) {
        const [method, path] = c.call(bad)
        expect({ name: c.name, bad, status: (await t.request(method, path, { cookie })).status }).toEqual({
          name: c.name,
          bad,
          status: 400,
        })
      }
    }
  })
})

describe("actorMay: who may act on another user's records", () => {
  const user = { id: 1, role: 'user' }
  const admin = { id: 2, role: 'admin' }
  test("everyone on their own, an admin on anyone's", () => {
    expect(actorMay(user, 1)).toBe(true)
    expect(actorMay(user, 2)).toBe(false)
    expect(actorMay(admin, 1)).toBe(true)
  })

  test('naming nobody means oneself; a foreign user is the 404 given, never a 403', () => {
    expect(targetUserId(user, undefined)).toBe(1)
    expect(targetUserId(admin, 1)).toBe(1)
    let thrown: unknown
    try {
      targetUserId(user, 2)
    } catch (err) {
      thrown = err
    }
    expect(thrown).toBeInstanceOf(ApiError)
    expect((thrown as ApiError).status).toBe(404)
  })
})
