import { LegalPage, LoginPage, SignedInArea } from './app'
import { isLegalPath } from './legal/legal-page'

/**
 * What the first screen of a page load needs, asked for all at once: its code, the namespaces of its texts and,
 * signed in, the session (and the dashboard's data). Asked one after the other (the code, then its texts, then
 * the next screen's code and texts, then the data once it has rendered) they cost a round trip each on a phone,
 * and a render each. A namespace left out here still loads when a screen asks for it.
 */
export interface FirstScreen {
  namespaces: string[]
  /** Fetches the screen's code (the lazy routes then render it without suspending) and its first data. */
  load(): Promise<unknown>
}

/**
 * Signed in, the sign-in form's texts come along (a request in parallel): a session that ends, or a sign-out while
 * offline, leads to it, and offline its texts must already be in the service worker's cache.
 */
const SIGNED_IN = ['common', 'login']

export function firstScreen(path: string): FirstScreen {
  if (path === '/login') {
    preloadChunks(['login-page'])
    // The sign-in card (login) and its What's New button (changelog).
    return { namespaces: ['common', 'login', 'changelog'], load: LoginPage.preload }
  }
  if (isLegalPath(path)) {
    preloadChunks(['legal-page'])
    return { namespaces: ['common', 'legal'], load: LegalPage.preload }
  }
  const load = async () => (await SignedInArea.preload()).preloadRoute(path)
  preloadChunks(['signed-in'])
  if (path === '/') {
    // Its status and messages (home), the checklist and uploads (documents), the Debug button (admin).
    return { namespaces: [...SIGNED_IN, 'home', 'documents', 'admin'], load }
  }
  return { namespaces: SIGNED_IN, load }
}

/**
 * A lazy screen's chunk and the chunks it imports, which build.ts lists in index.html: preloaded together, where
 * importing the chunk would find its imports only once it has arrived, one round trip later.
 */
function preloadChunks(screens: string[]) {
  const list = document.querySelector<HTMLMetaElement>('meta[name="swisstax:chunks"]')?.content
  if (!list) return
  const chunks = JSON.parse(list) as Record<string, string[]>
  for (const href of new Set(screens.flatMap((screen) => chunks[screen] ?? []))) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    document.head.append(link)
  }
}
