import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { quietApi } from './client'
import { queryClient } from './query-client'

/**
 * Online or not, one source for every screen: TanStack Query's onlineManager (queries pause
 * while offline and resume by themselves). It assumes "online" until an event says otherwise, so
 * it is told the browser's own view at start: an app opened offline is offline from the first screen.
 */
if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') onlineManager.setOnline(navigator.onLine)

export const useOnline = () =>
  useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
  )

/** True while offline: no write is sent (the screens show the last data read-only). */
export const isOffline = () => !onlineManager.isOnline()

/**
 * "Retry": asks the server (any answer, even a 401, means there is a connection). Online again,
 * the paused queries fetch by themselves; still offline, it says so. Resolves to the new state.
 */
export async function retryConnection(): Promise<boolean> {
  let reached = false
  try {
    const answer = await quietApi.debug['check-auth'].get()
    // Treaty hands a failed fetch back as an error whose value is the Error itself; any HTTP status is an answer.
    reached = !(answer.error?.value instanceof Error)
  } catch {
    reached = false
  }
  onlineManager.setOnline(reached)
  if (onlineManager.isOnline()) await queryClient.invalidateQueries()
  return onlineManager.isOnline()
}
