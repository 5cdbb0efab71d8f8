import { expect, test } from 'bun:test'
import { nextStatusId, previousStatusId, TRACKER_PERCENT } from './tax-status'

test('Next steps forward and wraps from the last, an unknown or no status to the first (spec part 2 §4)', () => {
  expect([1, 2, 3, 4, 5].map(nextStatusId)).toEqual([2, 3, 4, 5, 6])
  expect(nextStatusId(6)).toBe(1)
  expect(nextStatusId(0)).toBe(1)
  expect(nextStatusId(undefined)).toBe(1)
  expect(nextStatusId(null)).toBe(1)
})

test('Previous steps back; from the first or no status it goes to completed', () => {
  expect([2, 3, 4, 5, 6].map(previousStatusId)).toEqual([1, 2, 3, 4, 5])
  expect(previousStatusId(1)).toBe(6)
  expect(previousStatusId(undefined)).toBe(6)
})

test('the tracker percentages of the spec', () => {
  expect(Object.values(TRACKER_PERCENT)).toEqual([16, 32, 48, 64, 82, 100])
})
