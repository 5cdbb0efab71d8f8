import { expect, test } from 'bun:test'
import { kilobytes, progressPercent } from './section-upload'
import { advancedYears } from './year-select'

test('upload progress: percent with one decimal, capped at 100; size in KB with one decimal', () => {
  expect(progressPercent(0, 0)).toBe(0)
  expect(progressPercent(1, 3)).toBe(33.3)
  expect(progressPercent(2, 3)).toBe(66.7)
  // XHR may report more than the file's size (the multipart envelope): never above 100.
  expect(progressPercent(5200, 5000)).toBe(100)
  expect(kilobytes(1536)).toBe('1.5')
  expect(kilobytes(300 * 1024 + 100)).toBe('300.1')
})

test('the advanced view offers the current year minus 3 up to plus 1', () => {
  expect(advancedYears(new Date('2026-11-23'))).toEqual([2023, 2024, 2025, 2026, 2027])
})
