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

/** The language stored in this browser, when it is an active one (read only: i18n.ts rewrites the key). */
export function storedLanguage(storage: Storage = localStorage): Language {
  const stored = storage.getItem(LANGUAGE_STORAGE_KEY)
  return isActiveLanguage(stored) ? stored : DEFAULT_LANGUAGE
}
