import { describe, expect, test } from 'bun:test'
import type { NotificationEntry } from '../api/notifications'
import { type DisplayStatus, displayStatus, expertNote } from './status-display'
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

describe("the expert's note on the status card (issue 25)", () => {
  const status = (name: DisplayStatus['name'], year: number, note?: string, createdAt = 1_000): NotificationEntry => ({
    id: `event-${createdAt}`,
    code: 'status_changed',
    params: { year, status: name, ...(note ? { note } : {}) },
    category: 'status',
    priority: 'high',
    actionUrl: '/',
    read: false,
    createdAt,
  })
  const processing = displayStatus(2025, { taxYear: 2025, taxStatus: 'processing' })
  test("the year's latest change, with its note, while that status is shown", () => {
    const list = [status('processing', 2025, 'Please send the 3a certificate.', 2_000), status('processing', 2024, 'x')]
    expect(expertNote(list, 2025, processing)).toEqual({ text: 'Please send the 3a certificate.', at: 2_000 })
  })
  test('a later change without a note, another status or another year: no note', () => {
    expect(expertNote([status('processing', 2025), status('processing', 2025, 'old')], 2025, processing)).toBeNull()
    expect(expertNote([status('documents_submitted', 2025, 'n')], 2025, processing)).toBeNull()
    expect(expertNote([status('processing', 2024, 'n')], 2025, processing)).toBeNull()
    expect(expertNote([], 2025, processing)).toBeNull()
  })
})
