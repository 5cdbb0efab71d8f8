import { isLegalPath } from './legal-pages'

/**
 * What the first screen of a page load needs, asked for all at once: its code, the namespaces of its texts and,
 * signed in, the session, the signed-in screens' stylesheet and on the dashboard its data. Asked one after the other
 * (the code, then its texts, then the next screen's code and texts, then the data once it has rendered) they cost a
 * round trip each on a phone, and a render each. A namespace left out here still loads when a screen asks for it.
 * Two readers: the page's entry (client/boot.ts) asks for all of it at once, and the server names it in the
 * index.html it sends (server/static/first-screen.ts), so that the browser fetches it with the entry's code.
 */
export interface FirstScreen {
  /** The lazy chunk that draws it. */
  chunk: 'login-page' | 'legal-page' | 'signed-in'
  /** The lazy chunks its code needs at once (build.ts lists each one's files in index.html). */
  chunks: Chunk[]
  namespaces: string[]
}

/** The lazy chunks build.ts lists; person-pages holds a person's screens other than the dashboard. */
export type Chunk = FirstScreen['chunk'] | 'person-pages'
export const CHUNKS: readonly Chunk[] = ['login-page', 'legal-page', 'signed-in', 'person-pages']

export function firstScreen(path: string): FirstScreen {
  // The sign-in card (login) and its What's New button (changelog).
  if (path === '/login')
    return { chunk: 'login-page', chunks: ['login-page'], namespaces: ['common', 'login', 'changelog'] }
  if (isLegalPath(path)) return { chunk: 'legal-page', chunks: ['legal-page'], namespaces: ['common', 'legal'] }
  // The dashboard: its status, messages and Debug button (home), the checklist and uploads (documents). The sign-in
  // form's texts, which a session that ends leads to, are not the first screen's: the service worker keeps them for
  // offline once it is in (pwa/register-sw.ts), and online they come when the form opens.
  if (path === '/') return { chunk: 'signed-in', chunks: ['signed-in'], namespaces: ['common', 'home', 'documents'] }
  // The experts' screens load their own chunks; any other route is one of a person's other screens.
  const chunks: Chunk[] = path.startsWith('/admin') ? ['signed-in'] : ['signed-in', 'person-pages']
  return { chunk: 'signed-in', chunks, namespaces: ['common'] }
}

/** The session's read (GET /api/user): who is signed in, if anyone. */
export const SESSION_PATH = '/api/user'

/** Whose dashboard shows data: a taxpayer (not an expert) who has completed the registration. */
export const isRegisteredTaxpayer = (user: { role?: string; isProfileComplete?: boolean } | null | undefined) =>
  user?.role === 'user' && user.isProfileComplete === true

/** The dashboard's five reads for a tax year (client/api/user.ts, client/home/home-page.tsx's prefetch). */
export const dashboardReads = (taxYear: number) => [
  `/api/user?taxYear=${taxYear}`,
  '/api/notifications',
  '/api/messages',
  `/api/document-categories?mode=all&taxYear=${taxYear}`,
  `/api/tax-year-status/flags?taxYear=${taxYear}`,
]
