import { describe, expect, test } from 'bun:test'
import { applicableSections } from './picker-sections'
import { taxCards } from './tax-cards'
import { DOCUMENT_CATEGORIES, type CategorySection } from './documents'

const categories = (withFiles: number[] = []) =>
  DOCUMENT_CATEGORIES.map((c) => ({ section: c.section, fileCount: withFiles.includes(c.id) ? 1 : 0 }))
const sorted = (s: Set<CategorySection>) => [...s].sort()

describe('the category picker shows the sections that apply', () => {
  test('a single person without children, property, investments or foreign income: main and other only', () => {
    const cards = taxCards({ maritalStatus: 'individual', hasChildren: false, propertyOwner: false })
    expect(sorted(applicableSections({ cards, categories: categories() }))).toEqual(['main', 'other'])
  })

  test('the tax cards add theirs: married with children and a property', () => {
    const cards = taxCards({ maritalStatus: 'married', hasChildren: true, propertyOwner: true })
    expect(sorted(applicableSections({ cards, categories: categories() }))).toEqual([
      'children',
      'main',
      'other',
      'realEstate',
      'spouse',
    ])
  })

  test('a section switched on in the advanced information, or one holding a file, is shown too', () => {
    const cards = taxCards({ maritalStatus: 'individual' })
    const shown = applicableSections({ cards, switchedOn: ['foreignIncome'], categories: categories([26]) })
    expect(sorted(shown)).toEqual(['foreignIncome', 'main', 'other', 'spouse'])
  })
})
