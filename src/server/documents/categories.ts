import { categoryById, categoryKey, DOCUMENT_CATEGORIES, type CategoryRecord } from '../../shared/documents'
import { REQUIRED_CATEGORY_IDS } from '../../shared/tax-status'
import { isActiveLanguage, type Language } from '../../shared/languages'
import { localeTexts } from '../infra/locale-texts'

/** Category names come from the same locale files the client uses, so one translation serves both. */
const names = (lng: Language): Record<string, string> => localeTexts('documents', lng).category

export function categoryName(id: number, language: string): string {
  const cat = categoryById(id)
  if (!cat) return String(id)
  return (isActiveLanguage(language) ? names(language)[cat.key] : undefined) ?? names('en')[cat.key] ?? cat.key
}

/** GET /api/document-categories: basic = the six required categories, all = every one. */
export function categoryList(
  language: string,
  mode: 'basic' | 'all',
  state: { counts: Map<number, number>; relevance: Map<number, boolean> },
): CategoryRecord[] {
  const required = new Set<number>(REQUIRED_CATEGORY_IDS)
  return DOCUMENT_CATEGORIES.filter((c) => mode === 'all' || required.has(c.id)).map((c) => ({
    id: c.id,
    name: categoryName(c.id, language),
    nameKey: categoryKey(c),
    section: c.section,
    required: required.has(c.id),
    isRelevant: state.relevance.get(c.id) ?? true,
    fileCount: state.counts.get(c.id) ?? 0,
  }))
}
