import { afterEach, describe, expect, test } from 'bun:test'
import { extractText, getDocumentProxy } from 'unpdf'
import { testApp } from '../test-helpers'
import { fillProfile, fillUser, FULL_PROFILE } from '../users/test-fixtures'
import { writeStatus } from '../tax-status/service'
import { pdf, sha256 } from '../documents/test-fixtures'
import { powerOfAttorneyRecord } from './service'

const Y = 2025
let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())

async function setup(env: Record<string, string> = {}) {
  t = await testApp({
    ADMIN_EMAILS: 'expert@example.ch',
    FIRM_NAME: 'Treuhand Muster AG',
    FIRM_ADDRESS: 'Bahnhofstrasse 1, 8001 Zürich',
    ...env,
  })
  const anna = await t.signIn('anna@example.ch')
  const ben = await t.signIn('ben@example.ch')
  const admin = await t.signIn('expert@example.ch')
  await fillUser(t.ctx, anna.user.id)
  await fillProfile(t.ctx, anna.user.id, {
    ...FULL_PROFILE,
    cantonOfResidence: 'zurich',
    maritalStatus: 'married',
    hasChildren: true,
    numberOfChildren: 2,
    propertyOwner: true,
    numberOfProperties: 1,
  })
  return { anna, ben, admin }
}

const put = (cookie: string, what: string, body: Record<string, unknown>) =>
  t.request('PUT', `/api/advanced/${what}`, { cookie, body: { taxYear: Y, ...body } })
const get = async (cookie: string, query = '') => t.request('GET', `/api/advanced?taxYear=${Y}${query}`, { cookie })
const complete = (cookie: string, completed: boolean) =>
  t.request('POST', '/api/advanced/complete', { cookie, body: { taxYear: Y, completed } })

const SPOUSE = {
  firstName: 'Marc',
  lastName: 'Muster',
  age: 42,
  occupation: 'Architect',
  ahvNumber: '7569217076985',
  taxId: '',
}
const CHILD = {
  firstName: 'Lea',
  lastName: 'Muster',
  birthDate: '2015-04-02',
  disability: false,
  schoolingInfo: 'Primarschule',
  alimony: 0,
}
const POA = {
  taxAddressEnabled: true,
  powerOfAttorneyEnabled: true,
  canton: 'ZH',
  tinNumber: '123.456.789',
  powerOfAttorneyAccepted: true,
}

function upload(cookie: string, categoryId: number, name = 'lohn.pdf') {
  const data = pdf(name)
  const form = new FormData()
  form.append('files', new Blob([data]), name)
  form.append('hashes', JSON.stringify([sha256(data)]))
  form.append('categoryId', String(categoryId))
  form.append('categoryName', 'x')
  form.append('taxYear', String(Y))
  return t.request('POST', '/api/upload', { cookie, raw: form })
}

describe('GET /api/advanced', () => {
  test('a new year: seven sections from the wizard answers, nothing stored, the cards from the profile', async () => {
    const { anna, ben } = await setup()
    const r = await get(anna.cookie)
    expect(r.status).toBe(200)
    // Married with two children and a property (issue 25): those sections start on, the rest off.
    expect(r.json.sections.map((s: { id: string; enabled: boolean }) => [s.id, s.enabled])).toEqual([
      ['authorization', true],
      ['investments', false],
      ['deductions', true],
      ['realEstate', true],
      ['foreignIncome', false],
      ['spouse', true],
      ['children', true],
    ])
    expect(r.json).toMatchObject({
      taxYear: Y,
      completed: false,
      completedAt: null,
      spouse: null,
      children: [],
      authorization: null,
      missing: ['spouse', 'children'],
      profileCanton: 'ZH',
      transmitted: false,
      wizardChildren: 2,
    })
    // A person without wizard answers: only authorization on.
    const single = (await get(ben.cookie)).json
    expect(single.sections.filter((s: { enabled: boolean }) => s.enabled).map((s: { id: string }) => s.id)).toEqual([
      'authorization',
    ])
    // A switch the person moved wins over the wizard.
    await put(anna.cookie, 'sections', { section: 'spouse', enabled: false })
    expect((await get(anna.cookie)).json.sections.find((s: { id: string }) => s.id === 'spouse').enabled).toBe(false)
    expect(r.json.taxCards.tabs).toEqual([
      'overview',
      'authorization',
      'deductions',
      'realEstate',
      'spouse',
      'children',
    ])
    expect(r.json.taxCards.totalCount).toBe(21)
  })

  test('file counts per section follow the docs/documents.md ranges', async () => {
    const { anna } = await setup()
    expect((await upload(anna.cookie, 27)).status).toBe(200)
    expect((await upload(anna.cookie, 30, 'b.pdf')).status).toBe(200)
    expect((await upload(anna.cookie, 1)).status).toBe(200)
    const sections = (await get(anna.cookie)).json.sections
    const of = (id: string) => sections.find((s: { id: string }) => s.id === id)
    expect(of('spouse').fileCount).toBe(2)
    expect(of('authorization').fileCount).toBe(1)
    expect(of('spouse').categories.find((c: { id: number }) => c.id === 27)).toEqual({
      id: 27,
      fileCount: 1,
      isRelevant: true,
    })
  })
})

describe('section toggles', () => {
  test(
    'PUT sections turns one on and off; authorization cannot be turned off; an unknown section is ' + 'a 400',
    async () => {
      const { anna } = await setup()
      expect((await put(anna.cookie, 'sections', { section: 'spouse', enabled: true })).json).toEqual({
        success: true,
        taxYear: Y,
        section: 'spouse',
        enabled: true,
      })
      expect((await get(anna.cookie)).json.sections.find((s: { id: string }) => s.id === 'spouse').enabled).toBe(true)
      const off = await put(anna.cookie, 'sections', { section: 'authorization', enabled: false })
      expect([off.status, off.json.code]).toEqual([400, 'SECTION_ALWAYS_ON'])
      const unknown = await put(anna.cookie, 'sections', { section: 'lottery', enabled: true })
      expect([unknown.status, unknown.json.code]).toEqual([400, 'UNKNOWN_SECTION'])
    },
  )

  test(
    'POST /api/user-preferences/children toggles the section through the same service; numbers stay ' + 'categories',
    async () => {
      const { anna } = await setup()
      const r = await t.request('POST', '/api/user-preferences/children', {
        cookie: anna.cookie,
        body: { taxYear: Y, isRelevant: false },
      })
      expect(r.status).toBe(200)
      expect((await get(anna.cookie)).json.sections.find((s: { id: string }) => s.id === 'children').enabled).toBe(
        false,
      )
      await t.request('POST', '/api/user-preferences/27', {
        cookie: anna.cookie,
        body: { taxYear: Y, isRelevant: false },
      })
      // A category's mark leaves its section as it was (on, from the wizard's "married").
      const spouse = (await get(anna.cookie)).json.sections.find((s: { id: string }) => s.id === 'spouse')
      expect(spouse.enabled).toBe(true)
      expect(spouse.categories.find((c: { id: number }) => c.id === 27).isRelevant).toBe(false)
    },
  )

  test('a year that cannot be filed yet is a 409', async () => {
    const { anna } = await setup()
    const r = await t.request('PUT', '/api/advanced/sections', {
      cookie: anna.cookie,
      body: { taxYear: 2026, section: 'spouse', enabled: true },
    })
    expect([r.status, r.json.code]).toEqual([409, 'TAX_YEAR_NOT_AVAILABLE'])
  })
})

describe('spouse', () => {
  test('stored with the AHV number formatted', async () => {
    const { anna } = await setup()
    const r = await put(anna.cookie, 'spouse', SPOUSE)
    expect(r.status).toBe(200)
    expect((await get(anna.cookie)).json.spouse).toEqual({ ...SPOUSE, ahvNumber: '756.9217.0769.85' })
  })

  test.each([
    [{ firstName: ' ' }, 'FIRST_NAME_REQUIRED', 'First name is required'],
    [{ lastName: undefined }, 'LAST_NAME_REQUIRED', 'Last name is required'],
    [{ age: 15 }, 'INVALID_AGE', 'age'],
    [{ age: 121 }, 'INVALID_AGE', 'age'],
    [{ ahvNumber: '756.9217.0769.84' }, 'INVALID_AHV_NUMBER', 'ahvNumber'],
    [{ ahvNumber: '123.4567.8901.23' }, 'INVALID_AHV_NUMBER', 'ahvNumber'],
    [{ taxId: '12-34-56' }, 'INVALID_TAX_ID_FORMAT', 'Invalid format. Expected: XXX.XXX.XXX'],
  ])('%o: 400 %s, nothing stored', async (change, code, inMessage) => {
    const { anna } = await setup()
    const r = await put(anna.cookie, 'spouse', { ...SPOUSE, ...change })
    expect([r.status, r.json.code]).toEqual([400, code])
    expect(r.json.message).toContain(inMessage)
    expect((await get(anna.cookie)).json.spouse).toBeNull()
  })
})

describe('children', () => {
  test('the whole list at once, replaced on each save; single names split', async () => {
    const { anna } = await setup()
    expect(
      (
        await put(anna.cookie, 'children', {
          children: [CHILD, { ...CHILD, firstName: 'Tim', birthDate: '2018-09-30', alimony: 400 }],
        })
      ).status,
    ).toBe(200)
    expect((await get(anna.cookie)).json.children.map((c: { firstName: string }) => c.firstName)).toEqual([
      'Lea',
      'Tim',
    ])
    expect(
      (await put(anna.cookie, 'children', { children: [{ name: 'Noah Muster', birthDate: '2020-01-01' }] })).status,
    ).toBe(200)
    expect((await get(anna.cookie)).json.children).toEqual([
      {
        firstName: 'Noah',
        lastName: 'Muster',
        birthDate: '2020-01-01',
        disability: false,
        schoolingInfo: '',
        alimony: 0,
      },
    ])
  })

  test.each([
    [Array(16).fill(CHILD), 'TOO_MANY_CHILDREN'],
    [[CHILD, { ...CHILD, lastName: '' }], 'LAST_NAME_REQUIRED'],
    [[{ ...CHILD, birthDate: '2026-12-01' }], 'INVALID_BIRTH_DATE'],
    [[{ ...CHILD, birthDate: '1999-06-01' }], 'INVALID_BIRTH_DATE'],
    [[{ ...CHILD, disability: 'no' }], 'INVALID_INPUT'],
    [[{ ...CHILD, schoolingInfo: 'x'.repeat(501) }], 'INVALID_INPUT'],
    [[{ ...CHILD, alimony: -5 }], 'INVALID_ALIMONY'],
  ])('refused with %#: %s, the stored list unchanged', async (children, code) => {
    const { anna } = await setup()
    await put(anna.cookie, 'children', { children: [CHILD] })
    const r = await put(anna.cookie, 'children', { children })
    expect([r.status, r.json.code]).toEqual([400, code])
    expect((await get(anna.cookie)).json.children).toEqual([CHILD])
  })
})

describe('authorization', () => {
  test.each([
    [{ canton: '' }, 'MISSING_INFORMATION', 'Missing Information'],
    [{ tinNumber: '' }, 'MISSING_INFORMATION', 'Missing Information'],
    [{ canton: 'VD' }, 'INVALID_TAX_ID_FORMAT', 'Invalid format. Expected: XXX-XXX-XXX'],
    [{ tinNumber: '123456789' }, 'INVALID_TAX_ID_FORMAT', 'Invalid format. Expected: XXX.XXX.XXX'],
    [{ powerOfAttorneyAccepted: false }, 'POWER_OF_ATTORNEY_REQUIRED', 'Power of Attorney Required'],
    [{ canton: 'XY', powerOfAttorneyEnabled: false }, 'INVALID_CANTON', 'canton'],
  ])('%o: 400 %s', async (change, code, inMessage) => {
    const { anna } = await setup()
    const r = await put(anna.cookie, 'authorization', { ...POA, ...change })
    expect([r.status, r.json.code]).toEqual([400, code])
    expect(r.json.message).toContain(inMessage)
    expect((await get(anna.cookie)).json.authorization).toBeNull()
  })

  test('the acceptance keeps its time, IP and user agent until the canton or tax ID change', async () => {
    const { anna } = await setup({ TRUST_PROXY: '1' })
    const headers = { 'user-agent': 'TestBrowser/1.0', 'x-forwarded-for': '203.0.113.7' }
    const first = await t.request('PUT', '/api/advanced/authorization', {
      cookie: anna.cookie,
      headers,
      body: { taxYear: Y, ...POA, canton: 'zh' },
    })
    expect(first.status).toBe(200)
    expect(first.json.authorization).toMatchObject({
      canton: 'ZH',
      tinNumber: '123.456.789',
      powerOfAttorneyAccepted: true,
      powerOfAttorneyAcceptedAt: new Date(t.clock.now).toISOString(),
    })
    expect(await powerOfAttorneyRecord(t.ctx, anna.user.id, Y)).toEqual({
      acceptedAt: t.clock.now,
      ip: '203.0.113.7',
      userAgent: 'TestBrowser/1.0',
    })
    const acceptedAt = t.clock.now
    t.clock.now += 60_000
    await t.request('PUT', '/api/advanced/authorization', {
      cookie: anna.cookie,
      headers: { 'user-agent': 'Other/2' },
      body: { taxYear: Y, ...POA, taxAddressEnabled: false },
    })
    expect((await powerOfAttorneyRecord(t.ctx, anna.user.id, Y))?.acceptedAt).toBe(acceptedAt)
    await t.request('PUT', '/api/advanced/authorization', {
      cookie: anna.cookie,
      headers: { 'user-agent': 'Other/2' },
      body: { taxYear: Y, ...POA, tinNumber: '987.654.321' },
    })
    expect(await powerOfAttorneyRecord(t.ctx, anna.user.id, Y)).toMatchObject({
      acceptedAt: t.clock.now,
      userAgent: 'Other/2',
    })
    // The acceptance is never answered with its IP or user agent.
    expect(JSON.stringify((await get(anna.cookie)).json)).not.toContain('Other/2')
  })

  test("the profile's hasPowerOfAttorney and hasTaxIdentificationNumber follow the saved authorization", async () => {
    const { anna } = await setup()
    const flags = async () => {
      const user = (await t.request('GET', '/api/user', { cookie: anna.cookie })).json
      return [user.hasPowerOfAttorney, user.hasTaxIdentificationNumber]
    }
    expect(await flags()).toEqual([null, null])
    expect((await put(anna.cookie, 'authorization', POA)).status).toBe(200)
    expect(await flags()).toEqual([true, true])
    const off = { taxAddressEnabled: true, powerOfAttorneyEnabled: false, canton: '', tinNumber: '' }
    expect((await put(anna.cookie, 'authorization', { ...off, powerOfAttorneyAccepted: false })).status).toBe(200)
    expect(await flags()).toEqual([false, false])
  })

  test('without the power of attorney nothing else is required, and no acceptance is kept', async () => {
    const { anna } = await setup()
    const r = await put(anna.cookie, 'authorization', {
      taxAddressEnabled: true,
      powerOfAttorneyEnabled: false,
      canton: '',
      tinNumber: '',
      powerOfAttorneyAccepted: true,
    })
    expect(r.status).toBe(200)
    expect(r.json.authorization.powerOfAttorneyAccepted).toBe(false)
    expect(await powerOfAttorneyRecord(t.ctx, anna.user.id, Y)).toBeNull()
  })
})

describe('Finish Section, the lock and transmit', () => {
  async function ready(cookie: string) {
    await put(cookie, 'sections', { section: 'spouse', enabled: true })
    await put(cookie, 'sections', { section: 'children', enabled: true })
  }

  test('completing names what is missing: spouse, a child, the power of attorney', async () => {
    const { anna } = await setup()
    await ready(anna.cookie)
    await put(anna.cookie, 'authorization', { ...POA, powerOfAttorneyEnabled: false })
    const r = await complete(anna.cookie, true)
    expect([r.status, r.json.code]).toEqual([409, 'ADVANCED_INCOMPLETE'])
    expect(r.json.message).toContain('spouse')
    expect(r.json.message).toContain('child')
    expect((await get(anna.cookie)).json).toMatchObject({ completed: false, missing: ['spouse', 'children'] })
    // The old flags call is held to the same rule.
    const flags = await t.request('PUT', '/api/tax-year-status/flags', {
      cookie: anna.cookie,
      body: { taxYear: Y, advancedInfoCompleted: true },
    })
    expect([flags.status, flags.json.code]).toEqual([409, 'ADVANCED_INCOMPLETE'])
  })

  test('complete locks every PUT and the section uploads (409 SECTION_LOCKED); undo opens them again', async () => {
    const { anna } = await setup()
    await ready(anna.cookie)
    await put(anna.cookie, 'spouse', SPOUSE)
    await put(anna.cookie, 'children', { children: [CHILD, { ...CHILD, firstName: 'Tim' }] })
    await put(anna.cookie, 'authorization', POA)
    const done = await complete(anna.cookie, true)
    expect(done.json).toEqual({ success: true, taxYear: Y, completed: true })
    expect((await get(anna.cookie)).json.completedAt).toBe(new Date(t.clock.now).toISOString())

    for (const [what, body] of [
      ['sections', { section: 'investments', enabled: true }],
      ['spouse', SPOUSE],
      ['children', { children: [] }],
      ['authorization', POA],
    ] as const) {
      const r = await put(anna.cookie, what, body)
      expect({ what, status: r.status, code: r.json.code }).toEqual({ what, status: 409, code: 'SECTION_LOCKED' })
    }
    const locked = await upload(anna.cookie, 26)
    expect([locked.status, locked.json.code]).toEqual([409, 'SECTION_LOCKED'])
    const mark = await t.request('POST', '/api/user-preferences/31', {
      cookie: anna.cookie,
      body: { taxYear: Y, isRelevant: false },
    })
    expect([mark.status, mark.json.code]).toEqual([409, 'SECTION_LOCKED'])
    // The dashboard's required categories are not part of the section.
    expect((await upload(anna.cookie, 1)).status).toBe(200)

    expect((await complete(anna.cookie, false)).json.completed).toBe(false)
    expect((await put(anna.cookie, 'spouse', { ...SPOUSE, age: 43 })).status).toBe(200)
  })

  test('transmit needs the completion; after it, undo and every change are refused', async () => {
    const { anna } = await setup()
    await writeStatus(t.ctx, anna.user.id, Y, 3, null)
    const early = await t.request('POST', '/api/tax-year-status/transmit', {
      cookie: anna.cookie,
      body: { taxYear: Y },
    })
    expect([early.status, early.json.code]).toEqual([409, 'ADVANCED_INFO_INCOMPLETE'])
    await put(anna.cookie, 'spouse', SPOUSE)
    await put(anna.cookie, 'children', { children: [CHILD] })
    expect((await complete(anna.cookie, true)).status).toBe(200)
    expect(
      (await t.request('GET', `/api/tax-year-status/flags?taxYear=${Y}`, { cookie: anna.cookie })).json.canTransmit,
    ).toBe(true)
    expect(
      (await t.request('POST', '/api/tax-year-status/transmit', { cookie: anna.cookie, body: { taxYear: Y } })).json
        .current_status_id,
    ).toBe(4)

    const undo = await complete(anna.cookie, false)
    expect([undo.status, undo.json.code]).toEqual([409, 'YEAR_TRANSMITTED'])
    const flags = await t.request('PUT', '/api/tax-year-status/flags', {
      cookie: anna.cookie,
      body: { taxYear: Y, advancedInfoCompleted: false },
    })
    expect([flags.status, flags.json.code]).toEqual([409, 'YEAR_TRANSMITTED'])
    expect((await get(anna.cookie)).json).toMatchObject({ completed: true, transmitted: true })
  })

  test('an expert who moved an incomplete year to 4 leaves it closed to changes', async () => {
    const { anna } = await setup()
    await writeStatus(t.ctx, anna.user.id, Y, 4, null)
    const r = await put(anna.cookie, 'spouse', SPOUSE)
    expect([r.status, r.json.code]).toEqual([409, 'YEAR_TRANSMITTED'])
  })
})

describe('whose data', () => {
  test("another user's data is a 404 on every read; nothing leaks between users", async () => {
    const { anna, ben } = await setup()
    await put(anna.cookie, 'spouse', SPOUSE)
    for (const path of [
      `/api/advanced?taxYear=${Y}&userId=${anna.user.id}`,
      `/api/tax-cards?userId=${anna.user.id}`,
      `/api/advanced/power-of-attorney.pdf?taxYear=${Y}&userId=${anna.user.id}`,
    ]) {
      const r = await t.request('GET', path, { cookie: ben.cookie })
      expect({ path, status: r.status, code: r.json?.code }).toEqual({ path, status: 404, code: 'NOT_FOUND' })
    }
    expect((await get(ben.cookie)).json.spouse).toBeNull()
  })

  test('an expert reads a client with userId; an unknown user is a 404; writes stay the own', async () => {
    const { anna, admin } = await setup()
    await put(anna.cookie, 'spouse', SPOUSE)
    const r = await get(admin.cookie, `&userId=${anna.user.id}`)
    expect(r.status).toBe(200)
    expect(r.json.spouse.firstName).toBe('Marc')
    expect(
      (await t.request('GET', `/api/tax-cards?userId=${anna.user.id}`, { cookie: admin.cookie })).json.enabledCount,
    ).toBeGreaterThan(0)
    expect((await get(admin.cookie, '&userId=99999')).status).toBe(404)
    expect((await get(admin.cookie)).json.spouse).toBeNull()
  })

  test('not signed in: 401', async () => {
    await setup()
    expect((await t.request('GET', `/api/advanced?taxYear=${Y}`)).status).toBe(401)
    expect((await t.request('PUT', '/api/advanced/spouse', { body: { taxYear: Y, ...SPOUSE } })).status).toBe(401)
  })
})

async function pdfText(bytes: ArrayBuffer) {
  const doc = await getDocumentProxy(new Uint8Array(bytes))
  return (await extractText(doc, { mergePages: true })).text
}

describe('the power of attorney PDF', () => {
  async function download(cookie: string, query: string) {
    const res = await t.app.handle(
      new Request(`http://localhost/api/advanced/power-of-attorney.pdf?taxYear=${Y}${query}`, { headers: { cookie } }),
    )
    return { res, bytes: await res.arrayBuffer() }
  }

  test.each([
    ['de', 'Vollmacht', 'für die Steuererklärung 2025', 'Zürich (ZH)'],
    ['en', 'Power of Attorney', 'for the tax declaration 2025', 'Zürich (ZH)'],
    ['fr', 'Procuration', 'Numéro fiscal', 'Zürich (ZH)'],
    ['it', 'Procura', 'Numero fiscale', 'Zürich (ZH)'],
  ])('%s: a valid PDF with the person, the tax ID, the firm and the language', async (lang, title, phrase, canton) => {
    const { anna } = await setup()
    await put(anna.cookie, 'authorization', POA)
    const { res, bytes } = await download(anna.cookie, `&lang=${lang}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toContain(`power-of-attorney-2025-${lang}.pdf`)
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    const text = await pdfText(bytes)
    for (const part of [
      title,
      phrase,
      'Anna Muster',
      '123.456.789',
      canton,
      'Treuhand Muster AG',
      'Bahnhofstrasse 1, 8001 Zürich',
      '12.04.1985',
      '22.11.2026',
    ]) {
      expect({ part, found: text.includes(part) }).toEqual({ part, found: true })
    }
  })

  test('made from what is saved: the saved tax ID, and the spouse named when the year has one', async () => {
    const { anna } = await setup()
    const before = await pdfText((await download(anna.cookie, '&lang=de')).bytes)
    expect(before).not.toContain('Ehepartner/in')
    expect(before).not.toContain('123.456.789')
    await put(anna.cookie, 'authorization', POA)
    await put(anna.cookie, 'spouse', SPOUSE)
    const after = await pdfText((await download(anna.cookie, '&lang=de')).bytes)
    expect(after).toContain('123.456.789')
    expect(after).toContain('Ehepartner/in')
    expect(after).toContain('Marc Muster')
  })

  test('an unknown language is a 400; without lang the person’s language decides', async () => {
    const { anna } = await setup()
    const bad = await t.request('GET', `/api/advanced/power-of-attorney.pdf?taxYear=${Y}&lang=xx`, {
      cookie: anna.cookie,
    })
    expect([bad.status, bad.json.code]).toEqual([400, 'INVALID_LANGUAGE'])
    await t.request('PUT', '/api/user/language', { cookie: anna.cookie, body: { language: 'gsw' } })
    const { res, bytes } = await download(anna.cookie, '')
    expect(res.status).toBe(200)
    expect(await pdfText(bytes)).toContain('Vollmacht')
  })

  test('names outside the PDF font are folded, not a 500', async () => {
    const { anna } = await setup()
    await fillUser(t.ctx, anna.user.id, { firstName: 'Łucja', lastName: '王', phone: '+41791234567' })
    const { res, bytes } = await download(anna.cookie, '&lang=en')
    expect(res.status).toBe(200)
    expect(await pdfText(bytes)).toContain('Lucja ?')
  })
})

test('GET /api/tax-cards answers the cards of the stored profile', async () => {
  const { anna } = await setup()
  const r = await t.request('GET', `/api/tax-cards?taxYear=${Y}`, { cookie: anna.cookie })
  expect(r.status).toBe(200)
  expect(r.json).toMatchObject({
    taxYear: Y,
    totalCount: 21,
    recommendations: ['child_deductions', 'childcare_costs', 'education_costs'],
  })
  expect(r.json.cards.find((c: { id: string }) => c.id === 'spouse_income').isEnabled).toBe(true)
  expect(r.json.cards.find((c: { id: string }) => c.id === 'rental_income').isEnabled).toBe(false)
})

test('the blank forms build.ts serves under /docs/: the same layout, lines instead of data', async () => {
  const { powerOfAttorneyPdf } = await import('./power-of-attorney')
  const de = await pdfText((await powerOfAttorneyPdf({ taxYear: null, firm: null }, 'de')).slice().buffer)
  expect(de).toContain('Vollmacht')
  expect(de).toContain('Unterschrift')
  expect(de).not.toContain('SwissTax')
  const en = await pdfText((await powerOfAttorneyPdf({ taxYear: null, firm: null }, 'en')).slice().buffer)
  expect(en).toContain('for the tax declaration ________')
})
