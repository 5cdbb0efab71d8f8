import { describe, expect, test } from 'bun:test'
import { displayStatus } from './status-display'
import { badgeText } from '../ui/notifications-bell'

describe('displayStatus (spec part 1 §4)', () => {
  test('nothing known yet, or an unknown value, means profile_incomplete', () => {
    expect(displayStatus(2025, undefined).id).toBe(1)
    expect(displayStatus(2025, { taxYear: 2025, taxStatus: 'bogus' as 'processing' }).id).toBe(1)
  })
  test("the year view's taxStatus is shown", () => {
    expect(displayStatus(2025, { taxYear: 2025, taxStatus: 'processing' }).id).toBe(4)
    expect(displayStatus(2025, { taxYear: 2025, taxStatus: 'documents_submitted' }).id).toBe(3)
  })
  test('an answer for another year is ignored', () => {
    expect(displayStatus(2024, { taxYear: 2025, taxStatus: 'completed' }).id).toBe(1)
  })
})

test("the badge shows the count, '9+' above 9, nothing at 0", () => {
  expect([0, 1, 9, 10, 42].map(badgeText)).toEqual(['', '1', '9', '9+', '9+'])
})
