import { askEarly, takeEarly } from './api/early'
import { DEFAULT_LANGUAGE, isActiveLanguage, LANGUAGE_STORAGE_KEY, type Language } from '../shared/languages'

/** The texts of one language and namespace, never bundled. */
const pathOf = (language: string, namespace: string) => `/locales/${language}/${namespace}.json`

/** One namespace's texts: the page's entry's answer when it asked already (api/early.ts), else a request. */
export function fetchLocale(language: string, namespace: string): Promise<unknown> {
  const path = pathOf(language, namespace)
  return (takeEarly(path) ?? fetch(path)).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${r.status}`))))
}

/** Asked by the page's entry for the first screen, before i18next exists. */
export function prefetchLocales(languages: readonly string[], namespaces: readonly string[]) {
  for (const language of languages) for (const namespace of namespaces) askEarly(pathOf(language, namespace))
}

/**
 * The language of this browser's person: the one chosen here before (stored), else on a first visit the first of
 * the browser's languages that the app speaks (de-CH → de, fr-CH → fr, zh-Hans-CN → zh), else English. (Read
 * only: i18n.ts writes the key.)
 */
export function storedLanguage(
  storage: Storage = localStorage,
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Language {
  const stored = storage.getItem(LANGUAGE_STORAGE_KEY)
  if (isActiveLanguage(stored)) return stored
  return browserLanguage(browser) ?? DEFAULT_LANGUAGE
}

/** The first of the browser's languages (BCP 47 tags, in its order of preference) that the app speaks. */
export function browserLanguage(tags: readonly string[]): Language | undefined {
  for (const tag of tags) {
    const primary = tag.toLowerCase().split('-')[0]
    if (isActiveLanguage(primary)) return primary
  }
  return undefined
}
