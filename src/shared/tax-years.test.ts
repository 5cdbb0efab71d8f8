import { describe, expect, test } from 'bun:test'
import {
  defaultTaxYear,
  filingOpensOn,
  isFileable,
  MAX_TAX_YEAR,
  MIN_TAX_YEAR,
  offeredTaxYears,
  parseTaxYear,
  requestedTaxYear,
} from './tax-years'
import { isTaxStatusId, statusById, statusByName, TAX_STATUSES } from './tax-status'

// Local dates, as the browser and the server read them (docs/statuses.md).
const day = (iso: string) => new Date(`${iso}T00:00:00`)

describe('tax years (docs/statuses.md)', () => {
  test('a year becomes fileable on 1 January of the next year', () => {
    expect(isFileable(2026, day('2026-12-31'))).toBe(false)
    expect(isFileable(2026, day('2027-01-01'))).toBe(true)
    expect(isFileable(2027, day('2027-01-01'))).toBe(false)
    expect(filingOpensOn(2026)).toBe('2027-01-01')
  })

  test('the previous calendar year is the default; three years are offered, newest first', () => {
    expect(defaultTaxYear(day('2027-01-01'))).toBe(2026)
    expect(offeredTaxYears(day('2026-11-22'))).toEqual([2025, 2024, 2023])
    expect(offeredTaxYears(day('2027-01-01'))).toEqual([2026, 2025, 2024])
    for (const y of offeredTaxYears(day('2027-06-30'))) expect(isFileable(y, day('2027-06-30'))).toBe(true)
  })

  test('one parser: whole numbers and four-digit text in one range, nothing else', () => {
    for (const [raw, year] of [
      [2025, 2025],
      ['2025', 2025],
      [MIN_TAX_YEAR, MIN_TAX_YEAR],
      [String(MAX_TAX_YEAR), MAX_TAX_YEAR],
    ] as const) {
      expect(parseTaxYear(raw)).toBe(year)
    }
    for (const raw of [
      MIN_TAX_YEAR - 1,
      MAX_TAX_YEAR + 1,
      '1899',
      '3000',
      2025.5,
      '2025.0',
      '2025x',
      ' 2025',
      '+2025',
      '0x7e9',
      '',
      'abc',
      null,
      undefined,
      true,
      [2025],
      { year: 2025 },
      Number.NaN,
    ]) {
      expect(parseTaxYear(raw)).toBeUndefined()
    }
  })

  test("a link's year (the wizard's ?taxYear=) goes through the one parser; anything else is the default", () => {
    const today = day('2026-11-22')
    expect(requestedTaxYear('2024', today)).toBe(2024)
    // What Number() would read as 2024 is not a year here: the parser refuses it, so the default year is taken.
    for (const raw of [' 2024', '2024.0', '0x7e8', '+2024', '2026', '2027', null, ''])
      expect(requestedTaxYear(raw, today)).toBe(2025)
  })

  test('nonsense years are never fileable', () => {
    for (const y of [Number.NaN, 2024.5, 1899, -1]) expect(isFileable(y, day('2027-01-01'))).toBe(false)
  })
})

describe('tax statuses (spec part 1 §4)', () => {
  test('six statuses with their ids, names and percentages', () => {
    expect(TAX_STATUSES.map((s) => [s.id, s.name, s.percent])).toEqual([
      [1, 'profile_incomplete', 16.67],
      [2, 'documents_pending', 33.33],
      [3, 'documents_submitted', 50],
      [4, 'processing', 66.67],
      [5, 'review_required', 83.33],
      [6, 'completed', 100],
    ])
  })
  test('an unknown or missing id means profile_incomplete', () => {
    for (const id of [undefined, null, 0, 7, '3']) expect(statusById(id).name).toBe('profile_incomplete')
    expect(statusByName('review_required')?.id).toBe(5)
    expect(statusByName('nope')).toBeUndefined()
    expect([0, 1, 6, 7, '2'].map(isTaxStatusId)).toEqual([false, true, true, false, false])
  })
})
