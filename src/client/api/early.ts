import { defaultTaxYear } from '../../shared/tax-years'
import { dashboardReads, isRegisteredTaxpayer, SESSION_PATH } from '../../shared/first-screen'
import { loadAreaStyles } from '../styles/area-css'
import type { api } from './client'
import type { AnswerOf } from './contract'

/** What GET /api/user answers, as its route declares it (a type only: the entry does not load the API client). */
type Session = AnswerOf<typeof api.user.get>

/**
 * GETs asked for by the page's entry (start.ts, through boot.ts) before the app's code has arrived: the first
 * screen's texts (locales.ts) and, on a signed-in screen, the session and, on the dashboard once it is a registered
 * taxpayer's, the dashboard's five reads. Whoever asks for the same path later (i18next's backend, the API client's
 * fetcher) takes the answer instead of asking again, once, and only while it is fresh. Anything not taken is never
 * used. When the server named them in index.html (server/static/first-screen.ts), these requests take the answers
 * the browser has been fetching since it read the page.
 */
const FRESH_MS = 5000
const early = new Map<string, { at: number; response: Promise<Response> }>()

/** A request's path and query, the query's parameters sorted: how Treaty's URL and ours are compared. */
function keyOf(url: string) {
  const u = new URL(url, 'http://localhost') // every request goes to this origin: the path and query tell them apart
  u.searchParams.sort()
  return u.pathname + (u.searchParams.size ? `?${u.searchParams}` : '')
}

export function askEarly(path: string) {
  const key = keyOf(path)
  const response = fetch(path, { credentials: 'same-origin' })
  // A failure reaches whoever took it already, and nobody later: handed out after the connection came back, the
  // failure of a read sent while the server was down would take the app offline again (api/offline.ts).
  response.catch(() => {
    if (early.get(key)?.response === response) early.delete(key)
  })
  early.set(key, { at: performance.now(), response })
  return response
}

/** The early answer to this GET, if there is a fresh one (taken once). */
export function takeEarly(url: string): Promise<Response> | undefined {
  if (early.size === 0) return undefined
  const key = keyOf(url)
  const entry = early.get(key)
  early.delete(key)
  return entry && performance.now() - entry.at < FRESH_MS ? entry.response : undefined
}

/**
 * The session; once it is a person's, the signed-in screens' stylesheet and, on the dashboard of a registered
 * taxpayer, its reads for the default tax year (api/user.ts, home-page.tsx's prefetch). Signed out, neither: the
 * app goes to the sign-in form, and `signedOut` asks for what that needs.
 */
export function prefetchSession({ dashboard, signedOut }: { dashboard: boolean; signedOut?: () => void }) {
  askEarly(SESSION_PATH)
    .then((r) => (r.ok ? r.clone().json() : null))
    .then((user: Session | null) => {
      if (!user?.role) {
        signedOut?.()
        return
      }
      void loadAreaStyles()
      if (!dashboard || !isRegisteredTaxpayer(user)) return
      for (const path of dashboardReads(defaultTaxYear())) askEarly(path)
    })
    .catch(() => {
      // No answer (the server is down): the reads index.html named are taken now, so that their failures reach
      // nobody. Left in the browser's preload cache, a later request of the same URL would be handed the failure
      // after the connection came back, and take the app offline again.
      for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]'))
        if (new URL(link.href).pathname.startsWith('/api/')) askEarly(link.href)
    })
}
