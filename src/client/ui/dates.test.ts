import { expect, test } from 'bun:test'
import { dayKey, formatTime, intlLocale, relativeTime } from './dates'

test('grouping key and HH:mm use local time; a missing or bad date has none', () => {
  const iso = new Date(2025, 2, 7, 9, 5).toISOString()
  expect(dayKey(iso)).toBe('2025-03-07')
  expect(formatTime(iso)).toBe('09:05')
  expect(formatTime(undefined)).toBeNull()
  expect(formatTime('not a date')).toBeNull()
  expect(dayKey('')).toBe('')
})

test('relative time in the user language; Swiss German formats as de-CH', () => {
  const now = Date.parse('2026-01-10T12:00:00Z')
  expect(relativeTime('2026-01-10T10:00:00Z', 'en', now)).toBe('2 hours ago')
  expect(relativeTime('2026-01-09T12:00:00Z', 'de', now)).toBe('gestern')
  expect(intlLocale('gsw')).toBe('de-CH')
})
