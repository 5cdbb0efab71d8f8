import { describe, expect, test } from 'bun:test'
import { addAmounts, canonicalAmount, isAmount, sumAmounts, toCents } from './e-statement'

describe('amounts as decimal strings', () => {
  test.each([
    ['0.1', '0.2', '0.3'],
    ['0.000', '137.45', '137.45'],
    ['17000.06', '22350.96', '39351.02'],
    ['-1.5', '1.5', '0'],
    ['-0.01', '0', '-0.01'],
    ['.5', '5.', '5.5'],
    ['+1', '2', '3'],
    ['99999999999999999999.99', '0.01', '100000000000000000000'],
    ['123456789012345678901234567890.123456789', '0.876543211', '123456789012345678901234567891'],
  ])('%s + %s = %s', (a, b, sum) => {
    expect(addAmounts(a, b)).toBe(sum)
  })

  test('a sum of many cents stays exact where floats drift', () => {
    const list = Array<string>(1000).fill('0.01')
    expect(sumAmounts(list)).toBe('10')
    expect(list.reduce((s, a) => s + Number(a), 0)).not.toBe(10)
  })

  test('refuses what is not a decimal', () => {
    for (const bad of ['', '.', '1e5', '1,5', 'NaN', '1.2.3', ' 1', 'x'.repeat(50)]) expect(isAmount(bad)).toBe(false)
    expect(() => addAmounts('1e5', '1')).toThrow(RangeError)
  })

  test('rounds to cents half away from zero', () => {
    expect(toCents('22.936')).toBe('22.94')
    expect(toCents('0.000')).toBe('0.00')
    expect(toCents('-1.005')).toBe('-1.01')
    expect(toCents('137.45')).toBe('137.45')
    expect(toCents('7')).toBe('7.00')
  })

  test('the plain form keeps every digit', () => {
    expect(canonicalAmount('0.000')).toBe('0.000')
    expect(canonicalAmount('+.50')).toBe('0.50')
    expect(canonicalAmount('5.')).toBe('5')
    expect(canonicalAmount('-39351.02')).toBe('-39351.02')
  })
})
