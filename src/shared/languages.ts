/**
 * Languages of spec part 1 §3 / docs/client.md: six offered. The five inactive ones are kept here for the record but
 * no longer listed in the pickers (issue 25: five choices that could not be chosen, on the sign-in form of a phone).
 */
export const LANGUAGES = [
  { code: 'en', name: 'English', active: true },
  { code: 'de', name: 'Deutsch', active: true },
  { code: 'fr', name: 'Français', active: true },
  { code: 'it', name: 'Italiano', active: true },
  { code: 'gsw', name: 'Schwiizerdütsch', active: true },
  { code: 'zh', name: '中文', active: true },
  { code: 'es', name: 'Español', active: false },
  { code: 'ru', name: 'Русский', active: false },
  { code: 'ja', name: '日本語', active: false },
  { code: 'ar', name: 'العربية', active: false },
  { code: 'pt', name: 'Português', active: false },
] as const

export type Language = 'en' | 'de' | 'fr' | 'it' | 'gsw' | 'zh'
export const ACTIVE_LANGUAGES: readonly Language[] = LANGUAGES.filter((l) => l.active).map((l) => l.code as Language)
export const DEFAULT_LANGUAGE: Language = 'en'
export const LANGUAGE_STORAGE_KEY = 'i18nextLng'

export const isActiveLanguage = (code: unknown): code is Language =>
  typeof code === 'string' && (ACTIVE_LANGUAGES as readonly string[]).includes(code)

/** The languages i18next loads for a language: itself and English, the fallback. */
export const withFallback = (language: Language): Language[] =>
  language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE]
