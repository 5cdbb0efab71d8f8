import { useEffect } from 'react'
import { useSetAtom } from 'jotai'
import { api, clearApiCache, SESSION_EXPIRED_EVENT } from './api'
import { store, sessionExpiredAtom, sessionUserAtom, type SessionUser } from './store'
import { toast } from './ui/toast'
import { i18next } from './i18n'

export const SESSION_RECHECK_MS = 60_000

/** Loads the signed-in user; null when there is no session. */
export async function loadSessionUser(): Promise<SessionUser | null> {
  try {
    const user = await api<SessionUser>('/api/user', { quiet401: true })
    store.set(sessionUserAtom, user)
    return user
  } catch {
    store.set(sessionUserAtom, null)
    return null
  }
}

/**
 * Keeps the logged-in flag honest: rechecks every 60 s (spec part 1 §4 "Session"),
 * and turns the session-expired event of the request helper into the dialog.
 */
export function useSessionWatch() {
  const setExpired = useSetAtom(sessionExpiredAtom)
  useEffect(() => {
    const onExpired = () => { if (store.get(sessionUserAtom)) setExpired(true) }
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired)
    const timer = setInterval(async () => {
      if (!store.get(sessionUserAtom)) return
      try {
        await api('/api/debug/check-auth', { quiet401: true })
      } catch (err) {
        if ((err as { status?: number }).status === 401) setExpired(true)
      }
    }, SESSION_RECHECK_MS)
    return () => {
      window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired)
      clearInterval(timer)
    }
  }, [setExpired])
}

/** Logout (spec part 1 §4): clears session storage, calls the server, goes to /login. */
export async function logout(navigate: (to: string) => void) {
  sessionStorage.clear()
  clearApiCache()
  try {
    await api('/api/auth/logout', { method: 'POST', quiet401: true })
  } catch {
    toast({ title: i18next.t('logout.failed'), variant: 'destructive' })
  }
  store.set(sessionUserAtom, null)
  navigate('/login')
}
