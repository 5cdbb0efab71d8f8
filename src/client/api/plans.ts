import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { api, call } from './client'
import { queryClient } from './query-client'
import { invalidateMessages } from './messages'
import { userKeys } from './user'

/** The plans page (GET /api/plans): the person's plan and the firm's prices (null when PLAN_PRICES is unset). */
export const planKeys = { all: ['plans'] as const }

export const plansQuery = queryOptions({
  queryKey: planKeys.all,
  queryFn: () => call(api.plans.get()),
})

export const usePlans = () => useQuery(plansQuery)

export type PlansView = NonNullable<ReturnType<typeof usePlans>['data']>

/**
 * "Ask for premium": a message to the experts (POST /api/plans/premium-request). It is one of the
 * person's messages, so their message history is fetched again; the plan itself changes only when
 * an expert sets it, and the plan and the user are fetched again then (a poll or the next visit).
 */
export function useRequestPremium() {
  return useMutation({
    mutationFn: () => call(api.plans['premium-request'].post()),
    onSuccess: () => invalidateMessages(),
  })
}

/** What an expert's plan change reaches on the person's side. */
export const invalidatePlans = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: planKeys.all }),
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
  ])
