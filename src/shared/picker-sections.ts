/**
 * Which sections of the category picker apply to a person (issue 12: "the category picker grouped
 * by section and showing only the sections that apply to the person; the tax cards tell which").
 * The main documents and "other" always apply. Investments, real estate, foreign income, spouse
 * and children apply when a tax card of that section is on (the profile's answers, tax-cards.ts),
 * when the person switched the section on in the advanced information, or when they already have
 * a file there: nothing they stored is ever hidden from them.
 */
import type { CategorySection } from './documents'

export const ALWAYS_SHOWN: readonly CategorySection[] = ['main', 'other']

export function applicableSections(input: {
  /** The tax cards of the profile (taxCards()): an enabled card names its section. */
  cards: readonly { isEnabled: boolean; section: string | null }[]
  /** The advanced sections switched on for the year (GET /api/advanced), when known. */
  switchedOn?: readonly string[]
  /** The categories with their file counts for the year. */
  categories: readonly { section: CategorySection; fileCount: number }[]
}): Set<CategorySection> {
  const on = new Set<string>(ALWAYS_SHOWN)
  for (const card of input.cards) if (card.isEnabled && card.section) on.add(card.section)
  for (const section of input.switchedOn ?? []) on.add(section)
  for (const c of input.categories) if (c.fileCount > 0) on.add(c.section)
  return new Set(input.categories.map((c) => c.section).filter((s) => on.has(s)))
}
