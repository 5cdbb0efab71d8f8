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

// Midnight in Switzerland (winter time, UTC+1), where a year opens for filing whatever the machine's time zone.
const day = (iso: string) => new Date(`${iso}T00:00:00+01:00`)

describe('tax years (docs/statuses.md)', () => {
  test('a year becomes fileable on 1 January of the next year', () => {
    expect(isFileable(2026, day('2026-12-31'))).toBe(false)
    expect(isFileable(2026, day('2027-01-01'))).toBe(true)
    expect(isFileable(2027, day('2027-01-01'))).toBe(false)
    expect(filingOpensOn(2026)).toBe('2027-01-01')
  })

  test('the year turns at midnight in Switzerland, not in the time zone of the machine', () => {
    // 23:30 UTC on 31 December is 00:30 on 1 January in Zurich: 2026 can be filed there.
    expect(isFileable(2026, new Date('2026-12-31T23:30:00Z'))).toBe(true)
    expect(defaultTaxYear(new Date('2026-12-31T23:30:00Z'))).toBe(2026)
    // One minute before midnight in Zurich it cannot, even where it is already 2027 (Tokyo) or long since (UTC-5).
    expect(isFileable(2026, new Date('2026-12-31T23:59:00+01:00'))).toBe(false)
    expect(isFileable(2026, new Date('2027-01-01T07:59:00+09:00'))).toBe(false)
    expect(defaultTaxYear(new Date('2027-01-01T06:00:00+09:00'))).toBe(2025)
    // And in summer (UTC+2) nothing near a year's end is affected.
    expect(defaultTaxYear(new Date('2027-07-01T00:30:00+02:00'))).toBe(2026)
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
