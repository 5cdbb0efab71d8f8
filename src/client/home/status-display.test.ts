import { describe, expect, test } from 'bun:test'
import { badgeText, displayStatus } from './status-display'
import type { HomeUser, TaxStatusRecord } from './types'

const user = (taxYear: number, taxStatus: string) => ({ taxYear, taxStatus }) as unknown as HomeUser
const record = (taxYear: number, status: string, id: number): TaxStatusRecord => ({ taxYear, status, current_status_id: id })

describe('displayStatus (spec part 1 §4)', () => {
  test('nothing known yet, or unknown values, mean profile_incomplete', () => {
    expect(displayStatus(2025, null, null).id).toBe(1)
    expect(displayStatus(2025, user(2025, 'bogus'), record(2025, 'bogus', 9)).id).toBe(1)
  })
  test("the user's taxStatus wins, then the record's name, then its id", () => {
    expect(displayStatus(2025, user(2025, 'processing'), record(2025, 'documents_pending', 2)).id).toBe(4)
    expect(displayStatus(2025, null, record(2025, 'documents_submitted', 2)).id).toBe(3)
    expect(displayStatus(2025, null, record(2025, '', 5)).id).toBe(5)
  })
  test('answers for another year are ignored', () => {
    expect(displayStatus(2024, user(2025, 'completed'), record(2025, 'completed', 6)).id).toBe(1)
    expect(displayStatus(2024, user(2025, 'completed'), record(2024, 'documents_pending', 2)).id).toBe(2)
  })
})

test("the badge shows the count, '9+' above 9, nothing at 0", () => {
  expect([0, 1, 9, 10, 42].map(badgeText)).toEqual(['', '1', '9', '9+', '9+'])
})
