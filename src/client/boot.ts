import { prefetchDashboardReads } from './api/early'
import { isLegalPath } from './legal/paths'
import { prefetchLocales, storedLanguage, withFallback } from './locales'

/**
 * What the first screen of a page load needs, asked for all at once: its code, the namespaces of its texts and,
 * signed in, the session (and the dashboard's data). Asked one after the other (the code, then its texts, then
 * the next screen's code and texts, then the data once it has rendered) they cost a round trip each on a phone,
 * and a render each. A namespace left out here still loads when a screen asks for it.
 */
export interface FirstScreen {
  /** The lazy chunk that draws it (build.ts lists each one's files in index.html). */
  chunk: 'login-page' | 'legal-page' | 'signed-in'
  namespaces: string[]
}

/**
 * Signed in, the sign-in form's texts come along (a request in parallel): a session that ends, or a sign-out while
 * offline, leads to it, and offline its texts must already be in the service worker's cache.
 */
const SIGNED_IN = ['common', 'login']

export function firstScreen(path: string): FirstScreen {
  // The sign-in card (login) and its What's New button (changelog).
  if (path === '/login') return { chunk: 'login-page', namespaces: ['common', 'login', 'changelog'] }
  if (isLegalPath(path)) return { chunk: 'legal-page', namespaces: ['common', 'legal'] }
  // The dashboard: its status and messages (home), the checklist and uploads (documents), the Debug button (admin).
  if (path === '/') return { chunk: 'signed-in', namespaces: [...SIGNED_IN, 'home', 'documents', 'admin'] }
  return { chunk: 'signed-in', namespaces: SIGNED_IN }
}

/**
 * Run by the page's entry (start.ts) before the app's code has arrived: the first screen's chunks and texts (and on
 * the dashboard its data) are asked for now, travelling with the app's code instead of one round trip after it.
 */
export function startFirstScreen(path: string) {
  const first = firstScreen(path)
  preloadChunks(first.chunk)
  prefetchLocales(withFallback(storedLanguage()), first.namespaces)
  if (path === '/') prefetchDashboardReads()
}

/**
 * A lazy screen's chunk and the chunks it imports, which build.ts lists in index.html: preloaded together, where
 * importing the chunk would find its imports only once it has arrived, one round trip later.
 */
function preloadChunks(screen: FirstScreen['chunk']) {
  const list = document.querySelector<HTMLMetaElement>('meta[name="swisstax:chunks"]')?.content
  if (!list) return
  const chunks = JSON.parse(list) as Record<string, string[]>
  for (const href of chunks[screen] ?? []) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    document.head.append(link)
  }
}
