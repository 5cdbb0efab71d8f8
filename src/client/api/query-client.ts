import { QueryClient } from '@tanstack/react-query'
import { ApiRequestError } from './client'

/**
 * Server state lives in TanStack Query (docs/client.md); jotai keeps UI state only
 * (selected year, dialogs, toasts). How to add a call:
 *
 * - One module per resource in src/client/api/ (user.ts, notifications.ts, …), named
 *   after the server area. It exports its query keys, its query options
 *   (`xxxQuery(params)` → `queryOptions({...})`), hooks that wrap them, and its
 *   mutations. Screens import these; no screen calls `api` for data it shows.
 * - Keys are arrays that start with the resource: ['user', year], ['categories', year, mode],
 *   ['files', year]. Invalidating a prefix (['categories', year]) reaches every variant.
 * - Timings are the spec's (part 1 §9): `TIMINGS` below, set in the query options,
 *   never in components.
 * - A mutation invalidates exactly what its answer may have changed (documents.ts's
 *   `afterFilesChanged` is the example: the year's categories, and the year's status
 *   only when the server says it moved). No window events carry data.
 * - Answers are typed by the server's routes through `call(api.…)`; never cast them.
 */
export const TIMINGS = {
  /** User and notifications are refetched every 30 s. */
  POLL_MS: 30_000,
  /** Data stale time. */
  STALE_MS: 30_000,
  /** The profile status button's stale time. */
  PROFILE_BUTTON_STALE_MS: 10_000,
  /** Document categories (mode all) are cached 5 minutes. */
  CATEGORIES_STALE_MS: 5 * 60_000,
  /** The session recheck. */
  SESSION_RECHECK_MS: 60_000,
} as const

/** Retries for the queries the spec names (user 3, files 2, categories 3); a 4xx is never retried. */
export const retries = (max: number) => (failures: number, err: unknown) =>
  failures < max && !(err instanceof ApiRequestError && err.status >= 400 && err.status < 500)

// Spec part 1 §9 "Query defaults": no interval refetch, no refetch on window focus, no retries.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: TIMINGS.STALE_MS, refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
})
