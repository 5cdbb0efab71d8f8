import { describe, expect, test } from 'bun:test'
import {
  missingForCompletion,
  sectionOfUploadCategory,
  SECTIONS,
  splitLegacyName,
  validateAuthorization,
  validateChildren,
  validateSpouse,
  type AuthorizationInput,
} from './advanced'

test('seven sections; only authorization on by default and always on; the spec toggle keys', () => {
  expect(SECTIONS.map((s) => s.toggleKey)).toEqual(['1', '10', '3', '13', '17', 'spouse', 'children'])
  expect(SECTIONS.filter((s) => s.defaultEnabled).map((s) => s.id)).toEqual(['authorization'])
  expect(SECTIONS.filter((s) => s.alwaysEnabled).map((s) => s.id)).toEqual(['authorization'])
  expect(SECTIONS.find((s) => s.id === 'realEstate')!.countCategoryIds).toEqual([13, 14, 15, 16])
})

test('upload categories belong to their section; the dashboard categories to none', () => {
  expect(sectionOfUploadCategory(27)?.id).toBe('spouse')
  expect(sectionOfUploadCategory(38)?.id).toBe('children')
  expect(sectionOfUploadCategory(11)?.id).toBe('investments')
  expect(sectionOfUploadCategory(3)).toBeUndefined()
  expect(sectionOfUploadCategory(25)).toBeUndefined()
})

describe('spouse', () => {
  const base = {
    firstName: ' Anna ',
    lastName: 'Muster',
    age: 40,
    occupation: 'Teacher',
    ahvNumber: '7569217076985',
    taxId: '',
  }
  test('stores trimmed names and the formatted AHV number', () => {
    expect(validateSpouse(base, 'ZH')).toEqual({
      ok: {
        firstName: 'Anna',
        lastName: 'Muster',
        age: 40,
        occupation: 'Teacher',
        ahvNumber: '756.9217.0769.85',
        taxId: '',
      },
    })
  })
  test.each([
    [{ firstName: '' }, 'firstName', 'FIRST_NAME_REQUIRED'],
    [{ lastName: '  ' }, 'lastName', 'LAST_NAME_REQUIRED'],
    [{ age: 15 }, 'age', 'INVALID_AGE'],
    [{ age: 121 }, 'age', 'INVALID_AGE'],
    [{ age: 40.5 }, 'age', 'INVALID_AGE'],
    [{ ahvNumber: '756.9217.0769.84' }, 'ahvNumber', 'INVALID_AHV_NUMBER'],
    [{ ahvNumber: '756921707698' }, 'ahvNumber', 'INVALID_AHV_NUMBER'],
    [{ taxId: '12.34' }, 'taxId', 'INVALID_TAX_ID_FORMAT'],
  ] as const)('%o is refused on %s', (change, field, code) => {
    const r = validateSpouse({ ...base, ...change }, 'ZH')
    expect('error' in r && { field: r.error.field, code: r.error.code }).toEqual({ field, code })
  })
  test('age and AHV may stay empty; the tax ID is checked only with a known canton', () => {
    expect('ok' in validateSpouse({ ...base, age: null, ahvNumber: '' }, 'ZH')).toBe(true)
    expect('ok' in validateSpouse({ ...base, taxId: '12.34' }, null)).toBe(true)
    expect('ok' in validateSpouse({ ...base, taxId: '123.456.789' }, 'ZH')).toBe(true)
  })
})

describe('children', () => {
  const child = {
    firstName: 'Lea',
    lastName: 'Muster',
    birthDate: '2015-04-02',
    disability: false,
    schoolingInfo: 'Primarschule',
    alimony: 0,
  }
  const check = (list: unknown) => validateChildren(list, 2025, '2026-11-22')
  test('a valid list, alimony rounded to the Rappen', () => {
    expect(check([child, { ...child, firstName: 'Tim', alimony: 350.456 }])).toEqual({
      ok: [child, { ...child, firstName: 'Tim', alimony: 350.46 }],
    })
  })
  test('old single-name entries are split', () => {
    expect(splitLegacyName({ name: 'Lea Sophie Muster' })).toMatchObject({
      firstName: 'Lea',
      lastName: 'Sophie Muster',
    })
    expect(check([{ name: 'Lea Muster', birthDate: '2015-04-02' }])).toEqual({ ok: [{ ...child, schoolingInfo: '' }] })
  })
  test.each([
    [{ firstName: '' }, 'children.0.firstName', 'FIRST_NAME_REQUIRED'],
    [{ birthDate: '2015-02-30' }, 'children.0.birthDate', 'INVALID_BIRTH_DATE'],
    [{ birthDate: '2026-11-23' }, 'children.0.birthDate', 'INVALID_BIRTH_DATE'],
    [{ birthDate: '2000-12-30' }, 'children.0.birthDate', 'INVALID_BIRTH_DATE'],
    [{ disability: 'yes' }, 'children.0.disability', 'INVALID_INPUT'],
    [{ schoolingInfo: 'x'.repeat(501) }, 'children.0.schoolingInfo', 'INVALID_INPUT'],
    [{ alimony: -1 }, 'children.0.alimony', 'INVALID_ALIMONY'],
  ] as const)('%o is refused on %s', (change, field, code) => {
    const r = check([{ ...child, ...change }])
    expect('error' in r && { field: r.error.field, code: r.error.code }).toEqual({ field, code })
  })
  test('25 years before the end of the tax year is the earliest; 15 children at most', () => {
    expect('ok' in check([{ ...child, birthDate: '2000-12-31' }])).toBe(true)
    expect('ok' in check([{ ...child, birthDate: '2026-11-22' }])).toBe(true)
    expect('ok' in check(Array(15).fill(child))).toBe(true)
    const r = check(Array(16).fill(child))
    expect('error' in r && r.error.code).toBe('TOO_MANY_CHILDREN')
  })
})

describe('authorization', () => {
  const full: AuthorizationInput = {
    taxAddressEnabled: false,
    powerOfAttorneyEnabled: true,
    canton: 'ZH',
    tinNumber: '123.456.789',
    powerOfAttorneyAccepted: true,
  }
  test('the three refusals of spec part 2 §8, in order', () => {
    expect(validateAuthorization(full)).toBeNull()
    expect(validateAuthorization({ ...full, canton: '' })?.code).toBe('MISSING_INFORMATION')
    expect(validateAuthorization({ ...full, tinNumber: ' ' })?.code).toBe('MISSING_INFORMATION')
    const wrong = validateAuthorization({ ...full, canton: 'AG' })
    expect(wrong).toMatchObject({
      code: 'INVALID_TAX_ID_FORMAT',
      message: 'Invalid format. Expected: XXXX.XXXX.XX',
      params: { format: 'XXXX.XXXX.XX' },
    })
    expect(validateAuthorization({ ...full, powerOfAttorneyAccepted: false })?.code).toBe('POWER_OF_ATTORNEY_REQUIRED')
  })
  test('without the power of attorney nothing is needed, but a canton must be one', () => {
    expect(
      validateAuthorization({
        ...full,
        powerOfAttorneyEnabled: false,
        canton: '',
        tinNumber: '',
        powerOfAttorneyAccepted: false,
      }),
    ).toBeNull()
    expect(validateAuthorization({ ...full, powerOfAttorneyEnabled: false, canton: 'XX' })?.code).toBe('INVALID_CANTON')
  })
})

test('what Finish Section still needs', () => {
  const enabled = {
    authorization: true,
    investments: false,
    deductions: false,
    realEstate: false,
    foreignIncome: false,
    spouse: true,
    children: true,
  }
  const poa: AuthorizationInput = {
    taxAddressEnabled: false,
    powerOfAttorneyEnabled: true,
    canton: 'ZH',
    tinNumber: '123.456.789',
    powerOfAttorneyAccepted: false,
  }
  expect(missingForCompletion({ enabled, hasSpouse: false, childCount: 0, authorization: poa })).toEqual([
    'spouse',
    'children',
    'power_of_attorney',
  ])
  expect(
    missingForCompletion({
      enabled,
      hasSpouse: true,
      childCount: 2,
      authorization: { ...poa, powerOfAttorneyAccepted: true },
    }),
  ).toEqual([])
  expect(
    missingForCompletion({
      enabled: { ...enabled, spouse: false, children: false },
      hasSpouse: false,
      childCount: 0,
      authorization: null,
    }),
  ).toEqual([])
})
