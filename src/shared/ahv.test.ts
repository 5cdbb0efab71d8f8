import { expect, test } from 'bun:test'
import { ahvCheckDigit, ahvProblem, formatAhv, formatAhvInput, isValidAhv } from './ahv'

test('valid AHV numbers, with or without the dots', () => {
  // 756.9217.0769.85 is the number the Federal Social Insurance Office prints on its sample card.
  for (const v of ['756.9217.0769.85', '7569217076985', ' 756.1234.5678.97 ', '756.0000.0000.02'])
    expect({ v, ok: isValidAhv(v) }).toEqual({ v, ok: true })
})

test('the EAN-13 check digit catches one wrong digit', () => {
  expect(ahvCheckDigit('756921707698')).toBe(5)
  expect(ahvProblem('756.9217.0769.84')).toBe('check_digit')
  expect(ahvProblem('756.9217.0769.86')).toBe('check_digit')
  expect(ahvProblem('756.9227.0769.85')).toBe('check_digit')
})

test('wrong shapes and foreign prefixes', () => {
  expect(ahvProblem('756.9217.0769.8')).toBe('format')
  expect(ahvProblem('75.69217.0769.85')).toBe('format')
  expect(ahvProblem('756-9217-0769-85')).toBe('format')
  expect(ahvProblem('abc')).toBe('format')
  expect(ahvProblem('')).toBe('format')
  // 13 digits with a valid check digit but not Swiss.
  expect(ahvProblem('4000000000006')).toBe('country')
})

test('formats stored and typed values', () => {
  expect(formatAhv('7569217076985')).toBe('756.9217.0769.85')
  expect(formatAhv('756.9217.0769.85')).toBe('756.9217.0769.85')
  expect(formatAhvInput('756')).toBe('756')
  expect(formatAhvInput('7569')).toBe('756.9')
  expect(formatAhvInput('75692170769851234')).toBe('756.9217.0769.85')
  expect(formatAhvInput('756.9217.')).toBe('756.9217')
  expect(formatAhvInput('')).toBe('')
})
