import en from '../../../locales/en/documents.json'
import de from '../../../locales/de/documents.json'
import fr from '../../../locales/fr/documents.json'
import it from '../../../locales/it/documents.json'
import gsw from '../../../locales/gsw/documents.json'
import zh from '../../../locales/zh/documents.json'
import { categoryById, categoryKey, DOCUMENT_CATEGORIES, type CategoryRecord } from '../../shared/documents'
import { REQUIRED_CATEGORY_IDS } from '../../shared/tax-status'

/** Category names come from the same locale files the client uses, so one translation serves both. */
const NAMES: Record<string, { category: Record<string, string> }> = { en, de, fr, it, gsw, zh }

export function categoryName(id: number, language: string): string {
  const cat = categoryById(id)
  if (!cat) return String(id)
  return NAMES[language]?.category[cat.key] ?? NAMES.en!.category[cat.key] ?? cat.key
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
