import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query'

/**
 * The offline copy of what a signed-in person last saw (issue 12 "an honest offline mode"):
 * the query cache's successful answers, kept in this browser's localStorage and put back only
 * when the app is opened without a connection, so that the person sees their last data,
 * read-only, instead of the sign-in form. Written by hand rather than with
 * @tanstack/query-sync-storage-persister: the copy must be back synchronously, before the first
 * screen asks for the session (a suspense query), and it is restored offline only.
 *
 * It is personal data at rest in the browser, so: only a taxpayer's own answers are kept (never an
 * expert's view of clients), it is deleted at sign-out and the moment a session is seen to have
 * ended, and a copy older than the longest session (12 h) is thrown away unread.
 */
const KEY = 'swisstax:offline-cache'
/** Raised when a kept answer's shape changes: 2, notifications as message codes (issue 23). */
const VERSION = 2
export const MAX_AGE_MS = 12 * 3_600_000
/** Writes are gathered: one write per second at most. */
const WRITE_DELAY_MS = 1000

interface Saved {
  version: number
  savedAt: number
  state: Awaited<ReturnType<typeof dehydrate>>
}

function read(): Saved | null {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Saved | null
    if (!saved || saved.version !== VERSION || !(Date.now() - saved.savedAt < MAX_AGE_MS)) {
      clearOfflineCache()
      return null
    }
    return saved
  } catch {
    clearOfflineCache()
    return null
  }
}

/** Deletes the offline copy (sign-out, an ended session, a copy too old). */
export function clearOfflineCache() {
  try {
    localStorage.removeItem(KEY)
  } catch {
    /* storage unavailable: nothing was kept either */
  }
}

/** When the kept copy was written (the "last seen" time of the offline banner), or null. */
export const offlineCacheTime = (): number | null => read()?.savedAt ?? null

/**
 * Puts the kept answers back into the cache when the browser is offline at start; online the
 * server answers as usual and the copy is not read. Returns whether anything was restored.
 */
export function restoreWhenOffline(client: QueryClient): boolean {
  if (typeof navigator === 'undefined' || navigator.onLine !== false) return false
  return restoreKeptCopy(client) !== undefined
}

/**
 * Puts the kept answers back whatever the browser believes: the server could not be reached although the browser
 * says it is online (a dead server, a captive portal, a broken Wi-Fi). Returns the kept session user, or undefined
 * when nothing was kept (then the sign-in form is all the app can offer).
 */
export function restoreKeptCopy(client: QueryClient): unknown {
  const saved = read()
  if (!saved) return undefined
  hydrate(client, saved.state)
  const session = saved.state.queries.find((q) => JSON.stringify(q.queryKey) === SESSION_KEY)
  return session?.state.data ?? undefined
}
const SESSION_KEY = JSON.stringify(['user', 'session'])

/** Keeps the copy up to date with every successful answer while `allowed` (a taxpayer, signed in) holds. */
export function keepOfflineCache(client: QueryClient, allowed: () => boolean): () => void {
  let timer: Awaited<ReturnType<typeof setTimeout>> | undefined
  const write = () => {
    timer = undefined
    if (!allowed()) return
    const state = dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status === 'success' })
    try {
      localStorage.setItem(KEY, JSON.stringify({ version: VERSION, savedAt: Date.now(), state } satisfies Saved))
    } catch {
      clearOfflineCache() // full or refused: better no copy than a half one
    }
  }
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && !timer) timer = setTimeout(write, WRITE_DELAY_MS)
  })
  return () => {
    unsubscribe()
    if (timer) clearTimeout(timer)
  }
}
