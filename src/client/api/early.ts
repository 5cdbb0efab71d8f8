import { defaultTaxYear } from '../../shared/tax-years'

/**
 * GETs asked for by the page's entry (start.ts, through boot.ts) before the app's code has arrived: the first
 * screen's texts (locales.ts) and, on the dashboard, the session and, once it is a registered taxpayer's, the
 * dashboard's five reads. Whoever asks for the same path later (i18next's backend, the API client's fetcher) takes
 * the answer instead of asking again, once, and only while it is fresh. Anything not taken is never used.
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
  const response = fetch(path, { credentials: 'same-origin' })
  response.catch(() => {}) // a failure reaches whoever takes it
  early.set(keyOf(path), { at: performance.now(), response })
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

/** Whose dashboard shows data: a taxpayer (not an expert) who has completed the registration. */
export const isRegisteredTaxpayer = (user: { role?: string; isProfileComplete?: boolean } | null | undefined) =>
  user?.role === 'user' && user.isProfileComplete === true

/** The session, then the dashboard's reads for the default tax year (api/user.ts, home-page.tsx's prefetch). */
export function prefetchDashboardReads() {
  askEarly('/api/user')
    .then((r) => (r.ok ? r.clone().json() : null))
    .then((user: { role?: string; isProfileComplete?: boolean } | null) => {
      if (!isRegisteredTaxpayer(user)) return
      const year = defaultTaxYear()
      for (const path of [
        `/api/user?taxYear=${year}`,
        '/api/notifications',
        '/api/messages',
        `/api/document-categories?mode=all&taxYear=${year}`,
        `/api/tax-year-status/flags?taxYear=${year}`,
      ])
        askEarly(path)
    })
    .catch(() => {})
}
