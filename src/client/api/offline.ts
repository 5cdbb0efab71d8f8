import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { onReachable, quietApi } from './client'
import { queryClient } from './query-client'

/**
 * Online or not, one source for every screen: TanStack Query's onlineManager (queries pause
 * while offline and resume by themselves). It assumes "online" until an event says otherwise, so
 * it is told the browser's own view at start: an app opened offline is offline from the first screen.
 */
if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') onlineManager.setOnline(navigator.onLine)

/**
 * A request without any answer means offline too, whatever the browser believes (a server that is down, a network
 * that lets nothing through): the banner, the last data and Retry, not the sign-in form. The first answer that
 * comes back again, while the browser says it is online, ends it.
 */
onReachable((answered) => {
  if (!answered) onlineManager.setOnline(false)
  else if (!onlineManager.isOnline() && navigator.onLine) {
    onlineManager.setOnline(true)
    void queryClient.invalidateQueries()
  }
})

export const useOnline = () =>
  useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
  )

/** True while offline: no write is sent (the screens show the last data read-only). */
export const isOffline = () => !onlineManager.isOnline()

/**
 * "Retry": asks the server (any answer, even a 401, means there is a connection). Online again,
 * the paused queries fetch by themselves (onReachable above); still offline, it says so. Resolves to the new state.
 */
export async function retryConnection(): Promise<boolean> {
  try {
    await quietApi.debug['check-auth'].get()
  } catch {
    /* Treaty hands a failed fetch back as its answer; onReachable has been told either way */
  }
  return onlineManager.isOnline()
}

/** While the browser says it is online but the server did not answer, it is asked again this often by itself. */
export const UNREACHABLE_RETRY_MS = 15_000
