import { queryOptions, useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { ApiRequestError, api, call, quietApi } from './client'
import { queryClient, retries, TIMINGS } from './query-client'
import { restoreKeptCopy } from './persist'

/**
 * The signed-in user (GET /api/user). The session user is this query's data and
 * nothing else writes it: saving the profile refetches it, logout clears the cache.
 * `null` means signed out; the first look is quiet (a 401 just means "no session"), a later
 * 401 opens the Session Expired dialog like any other call. No answer at all is no verdict on the
 * session: the app is then offline (api/offline.ts) and shows the last data this browser kept, if any.
 */
export const userKeys = {
  all: ['user'] as const,
  session: ['user', 'session'] as const,
  /** The user with the tax view of one year (GET /api/user?taxYear=Y). */
  year: (taxYear: number) => ['user', taxYear] as const,
}

const loadUser = () => call(quietApi.user.get({ query: {} }))

export const sessionQuery = queryOptions({
  queryKey: userKeys.session,
  queryFn: async () => {
    const signedIn = Boolean(queryClient.getQueryData(userKeys.session))
    try {
      return await call((signedIn ? api : quietApi).user.get({ query: {} }))
    } catch (err) {
      if (signedIn) throw err
      if (err instanceof ApiRequestError) return null
      return (restoreKeptCopy(queryClient) as Awaited<ReturnType<typeof loadUser>> | undefined) ?? null
    }
  },
  retry: retries(3),
  // Asked even offline: without a kept copy (api/persist.ts) "no answer" means the sign-in form, not a wait.
  networkMode: 'always',
})

/** The session user, or null when signed out; suspends (one loading overlay) until the first answer. */
export function useSessionUser() {
  return useSuspenseQuery(sessionQuery).data
}

export type SessionUser = NonNullable<ReturnType<typeof useSessionUser>>

/** The user and the status of one tax year, refetched every 30 s (spec part 1 §9) while shown. */
export const yearViewQuery = (taxYear: number) =>
  queryOptions({
    queryKey: userKeys.year(taxYear),
    queryFn: () => call(api.user.get({ query: { taxYear: String(taxYear) } })),
    refetchInterval: TIMINGS.POLL_MS,
    retry: retries(3),
  })

/**
 * The year view. One observer per screen polls (the dashboard's); another one on the same
 * screen passes `poll: false`, or each would keep its own 30 s timer.
 */
export function useYearView(taxYear: number, { staleTime, poll = true }: { staleTime?: number; poll?: boolean } = {}) {
  return useQuery({
    ...yearViewQuery(taxYear),
    ...(staleTime === undefined ? {} : { staleTime }),
    ...(poll ? {} : { refetchInterval: false }),
  })
}

/** Everything the user query family holds changed (profile saved, status moved). */
export const invalidateUser = () => queryClient.invalidateQueries({ queryKey: userKeys.all })

/** The language of the code mails (PUT /api/user/language); nothing shown depends on the answer. */
export function useSaveLanguage() {
  return useMutation({ mutationFn: (language: string) => call(api.user.language.put({ language })) })
}

/** What GET /api/user?taxYear=Y answers, as the route declares it. */
export type YearView = NonNullable<ReturnType<typeof useYearView>['data']>
