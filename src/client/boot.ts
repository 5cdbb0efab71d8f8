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

export function firstScreen(path: string): FirstScreen {
  if (path === '/login') return { namespaces: ['common', 'login'], load: LoginPage.preload }
  if (isLegalPath(path)) return { namespaces: ['common', 'legal'], load: LegalPage.preload }
  const load = async () => (await SignedInArea.preload()).preloadRoute(path)
  // The dashboard: its status and messages (home), the checklist and uploads (documents), the Debug button (admin).
  if (path === '/') return { namespaces: ['common', 'home', 'documents', 'admin'], load }
  return { namespaces: ['common'], load }
}
