import { DEFAULT_LANGUAGE, isActiveLanguage, LANGUAGE_STORAGE_KEY, type Language } from '../shared/languages'

/**
 * The texts, per language and namespace (`/locales/{lng}/{ns}.json`, never bundled). The page's entry (start.ts)
 * asks for the first screen's before the app's code has arrived; i18next's backend then takes those answers instead
 * of asking again.
 */
const early = new Map<string, Promise<unknown>>()

function get(language: string, namespace: string): Promise<unknown> {
  return fetch(`/locales/${language}/${namespace}.json`).then((r) =>
    r.ok ? r.json() : Promise.reject(new Error(`${r.status}`)),
  )
}

/** One namespace's texts: the early answer when there is one (taken once), else a request. */
export function fetchLocale(language: string, namespace: string): Promise<unknown> {
  const key = `${language}/${namespace}`
  const answer = early.get(key)
  early.delete(key)
  return answer ?? get(language, namespace)
}

export function prefetchLocales(languages: readonly string[], namespaces: readonly string[]) {
  for (const language of languages)
    for (const namespace of namespaces) {
      const answer = get(language, namespace)
      answer.catch(() => {}) // a failure is reported to whoever takes the answer
      early.set(`${language}/${namespace}`, answer)
    }
}

/** The language stored in this browser, when it is an active one (read only: i18n.ts rewrites the key). */
export function storedLanguage(storage: Storage = localStorage): Language {
  const stored = storage.getItem(LANGUAGE_STORAGE_KEY)
  return isActiveLanguage(stored) ? stored : DEFAULT_LANGUAGE
}

/** The languages i18next loads for a language: itself and English, the fallback. */
export const withFallback = (language: Language): Language[] =>
  language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE]
