import i18next, { type BackendModule, type ResourceKey } from 'i18next'
import { initReactI18next } from 'react-i18next'
import {
  ACTIVE_LANGUAGES,
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  isActiveLanguage,
  type Language,
} from '../shared/languages'
import { fetchLocale, storedLanguage } from './locales'

// Locale files are fetched per language and namespace, on demand (never bundled): locales.ts.
const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    fetchLocale(language, namespace).then(
      (data) => callback(null, data as ResourceKey),
      (err) => callback(err, false),
    )
  },
}

// Keys that older clients wrote; cleared so that only i18nextLng remains (spec part 1 §4 "Language").
const STALE_KEYS = ['language', 'lang', 'i18next', 'i18nextLng_backup', 'selectedLanguage']

/** The stored language, or on a first visit the browser's (locales.ts storedLanguage); rewrites the key. */
export function initialLanguage(storage: Storage = localStorage): Language {
  const language = storedLanguage(storage)
  for (const key of STALE_KEYS) storage.removeItem(key)
  storage.removeItem(LANGUAGE_STORAGE_KEY)
  storage.setItem(LANGUAGE_STORAGE_KEY, language)
  return language
}

/** `namespaces`: the first screen's (boot.ts), loaded together before the first render. */
export async function initI18n(namespaces = ['common']) {
  const lng = initialLanguage()
  document.documentElement.lang = lng === 'gsw' ? 'gsw' : lng
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: ACTIVE_LANGUAGES as Language[],
      ns: namespaces,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
      // The texts are asked for now, not after a timer: the first screen's code arrives meanwhile (boot.ts).
      initAsync: false,
    })
  return i18next
}

/** Accepts only active language codes (spec part 1 §5). */
export async function changeLanguage(code: string) {
  if (!isActiveLanguage(code)) return false
  localStorage.setItem(LANGUAGE_STORAGE_KEY, code)
  document.documentElement.lang = code
  await i18next.changeLanguage(code)
  return true
}

export { i18next }
