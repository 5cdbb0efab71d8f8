import { describe, expect, test } from 'bun:test'
import {
  profileCompleteness,
  recommendations,
  TAX_CARD_RULES,
  taxCards,
  taxCardSummary,
  tabsShown,
  type TaxCardProfile,
} from './tax-cards'

const on = (p: TaxCardProfile) =>
  taxCards(p)
    .filter((c) => c.isEnabled)
    .map((c) => c.id)

test('21 cards with unique ids, every category in the spec list', () => {
  expect(TAX_CARD_RULES).toHaveLength(21)
  expect(new Set(TAX_CARD_RULES.map((r) => r.id)).size).toBe(21)
})

test('an empty profile enables no card', () => {
  expect(on({})).toEqual([])
})

// One row per rule of spec part 2 §5: the profile that switches it on, and one close to it that does not.
const RULES: [string, TaxCardProfile, TaxCardProfile][] = [
  ['child_deductions', { hasChildren: true }, { hasChildren: false }],
  ['childcare_costs', { hasChildren: true }, { hasChildren: null }],
  ['education_costs', { hasChildren: true }, {}],
  ['spouse_income', { maritalStatus: 'married' }, { maritalStatus: 'individual' }],
  ['alimony', { paysAlimony: true, maritalStatus: 'married' }, { paysAlimony: false, maritalStatus: 'widowed' }],
  ['alimony', { maritalStatus: 'divorced' }, { maritalStatus: 'married' }],
  ['alimony', { maritalStatus: 'separated' }, { maritalStatus: 'individual' }],
  ['property_expenses', { propertyOwner: true }, { propertyOwner: false }],
  ['mortgage_interest', { propertyOwner: true }, { propertyOwner: false }],
  ['rental_income', { propertyOwner: true, numberOfProperties: 2 }, { propertyOwner: true, numberOfProperties: 1 }],
  ['rental_income', { propertyOwner: true, numberOfProperties: 3 }, { propertyOwner: false, numberOfProperties: 3 }],
  ['investment_income', { hasInvestments: true }, { hasInvestments: false }],
  ['securities_custody', { hasInvestments: true }, { hasInvestments: false }],
  ['pillar_3a', { hasPillar3a: true }, { hasPillar3a: false }],
  ['pension_income', { hasPension: true }, { hasPension: false, employmentType: 'employed' }],
  ['pension_income', { employmentType: 'retired' }, { employmentType: 'unemployed' }],
  ['self_employment', { employmentType: 'self-employed' }, { employmentType: 'employed' }],
  ['self_employment', { employmentType: 'mixed' }, { employmentType: 'farmer' }],
  ['farming', { employmentType: 'farmer' }, { employmentType: 'self-employed' }],
  ['professional_expenses', { employmentType: 'employed' }, { employmentType: 'retired' }],
  ['professional_expenses', { employmentType: 'mixed' }, { employmentType: 'self-employed' }],
  ['firefighter', { isFirefighter: true }, { isFirefighter: false }],
  ['disability', { isDisabled: true }, { isDisabled: false }],
  ['foreign_income', { hasForeignIncome: true }, { hasForeignIncome: false }],
  ['ahv_iv', { receivesAHVIV: true }, { receivesAHVIV: false }],
  ['moving', { movedDuringYear: 'yes' }, { movedDuringYear: 'no' }],
  ['canton_specific', { cantonOfResidence: 'zurich' }, { cantonOfResidence: '' }],
]

describe('each card rule', () => {
  test.each(RULES)('%s', (id, yes, no) => {
    expect(on(yes)).toContain(id)
    expect(on(no)).not.toContain(id)
  })
  test('every card has a rule row above', () => {
    expect(new Set(RULES.map((r) => r[0]))).toEqual(new Set(TAX_CARD_RULES.map((r) => r.id)))
  })
})

test('completeness counts the 9 fields, false counts as an answer, rounded', () => {
  expect(profileCompleteness({})).toBe(0)
  expect(profileCompleteness({ firstName: 'Anna' })).toBe(11)
  expect(profileCompleteness({ firstName: 'Anna', lastName: ' ', hasChildren: false })).toBe(22)
  expect(
    profileCompleteness({
      firstName: 'A',
      lastName: 'B',
      cantonOfResidence: 'zug',
      maritalStatus: 'married',
      employmentType: 'employed',
    }),
  ).toBe(56)
  expect(
    profileCompleteness({
      firstName: 'A',
      lastName: 'B',
      cantonOfResidence: 'zug',
      maritalStatus: 'married',
      employmentType: 'employed',
      hasChildren: false,
      propertyOwner: false,
      hasInvestments: false,
      hasPillar3a: false,
      // not among the 9: no effect
      isFirefighter: true,
    }),
  ).toBe(100)
})

test('recommendations: family, property, employment, pension, investments, then the rest; three at most', () => {
  const ids = (p: TaxCardProfile) => recommendations(taxCards(p)).map((c) => c.id)
  expect(ids({ hasInvestments: true, employmentType: 'employed', propertyOwner: true, hasChildren: true })).toEqual([
    'child_deductions',
    'childcare_costs',
    'education_costs',
  ])
  expect(ids({ hasInvestments: true, employmentType: 'employed', propertyOwner: true })).toEqual([
    'property_expenses',
    'mortgage_interest',
    'professional_expenses',
  ])
  expect(ids({ hasInvestments: true, hasPillar3a: true, isFirefighter: true, maritalStatus: 'married' })).toEqual([
    'pillar_3a',
    'investment_income',
    'securities_custody',
  ])
  expect(ids({ isFirefighter: true, maritalStatus: 'married', employmentType: 'farmer' })).toEqual([
    'farming',
    'spouse_income',
    'firefighter',
  ])
  expect(ids({})).toEqual([])
})

test('tabs: overview and authorization always, the others by their cards', () => {
  expect(tabsShown(taxCards({}))).toEqual(['overview', 'authorization'])
  expect(
    tabsShown(
      taxCards({ maritalStatus: 'married', hasChildren: true, propertyOwner: true, employmentType: 'employed' }),
    ),
  ).toEqual(['overview', 'authorization', 'deductions', 'realEstate', 'spouse', 'children'])
  expect(tabsShown(taxCards({ hasInvestments: true, hasForeignIncome: true }))).toEqual([
    'overview',
    'authorization',
    'investments',
    'foreignIncome',
  ])
})

test('the summary of a married employed owner with children', () => {
  const s = taxCardSummary({
    firstName: 'Anna',
    lastName: 'Muster',
    cantonOfResidence: 'zurich',
    maritalStatus: 'married',
    employmentType: 'employed',
    hasChildren: true,
    propertyOwner: true,
    numberOfProperties: 1,
    hasInvestments: false,
    hasPillar3a: true,
  })
  expect(s.totalCount).toBe(21)
  expect(s.enabledCount).toBe(9)
  expect(s.completeness).toBe(100)
  expect(s.activeCategories).toEqual(['family', 'relationship', 'property', 'pension', 'employment', 'canton'])
  expect(s.priorityCount).toBe(7)
  expect(s.recommendations).toEqual(['child_deductions', 'childcare_costs', 'education_costs'])
})
