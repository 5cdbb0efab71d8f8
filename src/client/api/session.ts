import { useEffect } from 'react'
import { call, clearApiCache, isUnauthorized, onUnauthorized, quietApi } from './client'
import { queryClient, TIMINGS } from './query-client'
import { userKeys } from './user'
import { store, sessionExpiredAtom } from '../store'
import { clearOfflineCache } from './persist'

const signedIn = () => Boolean(queryClient.getQueryData(userKeys.session))

/** The session has ended: the dialog opens, and the offline copy of the person's data goes at once. */
function sessionEnded() {
  clearOfflineCache()
  store.set(sessionExpiredAtom, true)
}

/**
 * Keeps the logged-in flag honest: any 401 of a signed-in page opens the Session
 * Expired dialog (spec part 1 §8), and the session is rechecked every 60 s
 * (part 1 §4 "Session") so that a session ended elsewhere is noticed on a quiet page.
 */
export function useSessionWatch() {
  useEffect(() => {
    onUnauthorized(() => {
      if (signedIn()) sessionEnded()
    })
    const timer = setInterval(async () => {
      if (!signedIn()) return
      try {
        await call(quietApi.debug['check-auth'].get())
      } catch (err) {
        if (isUnauthorized(err)) sessionEnded()
      }
    }, TIMINGS.SESSION_RECHECK_MS)
    return () => {
      onUnauthorized(() => {})
      clearInterval(timer)
    }
  }, [])
}

/**
 * Forgets everything the signed-in user saw: cached answers, queries and the offline copy; the session
 * query then looks again.
 */
export function forgetSession() {
  clearOfflineCache()
  sessionStorage.clear()
  clearApiCache()
  queryClient.clear()
}

/**
 * Logout (spec part 1 §4): calls the server, then forgets the session here whatever it
 * answered. Resolves false when the server could not be told (the caller says so).
 */
export async function logout(): Promise<boolean> {
  let told = true
  try {
    await call(quietApi.auth.logout.post())
  } catch {
    told = false
  }
  forgetSession()
  return told
}
