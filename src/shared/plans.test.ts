import { describe, expect, test } from 'bun:test'
import { parsePlanPrices, PLAN_FEATURES } from './plans'

describe('PLAN_PRICES', () => {
  test('unset or blank: no prices', () => {
    expect(parsePlanPrices(undefined)).toBeNull()
    expect(parsePlanPrices('  ')).toBeNull()
  })

  test('the currency and both prices, with spaces or commas', () => {
    expect(parsePlanPrices('CHF basic=90 premium=190')).toEqual({
      currency: 'CHF',
      amounts: { basic: 90, premium: 190 },
    })
    expect(parsePlanPrices(' EUR premium=149.50, basic=0 ')).toEqual({
      currency: 'EUR',
      amounts: { basic: 0, premium: 149.5 },
    })
  })

  test('a wrong setting names what is wrong', () => {
    expect(() => parsePlanPrices('chf basic=90 premium=190')).toThrow(/three-letter currency/)
    expect(() => parsePlanPrices('CHF basic=90')).toThrow(/no price for premium/)
    expect(() => parsePlanPrices('CHF basic=90 premium=1.999')).toThrow(/not plan=amount/)
    expect(() => parsePlanPrices('CHF basic=-5 premium=10')).toThrow(/not plan=amount/)
    expect(() => parsePlanPrices('CHF gold=90 basic=1 premium=2')).toThrow(/not a plan/)
    expect(() => parsePlanPrices('CHF basic=1 basic=2 premium=2')).toThrow(/twice/)
  })

  test('the formal check is premium only; storage is in both', () => {
    const of = (id: string) => PLAN_FEATURES.find((f) => f.id === id)?.plans
    expect(of('formal_check')).toEqual(['premium'])
    expect(of('storage')).toEqual(['basic', 'premium'])
  })
})
