import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { api, call } from './client'
import { queryClient } from './query-client'
import { userKeys } from './user'
import { notificationKeys } from './notifications'

/**
 * The per-year flags (GET/PUT /api/tax-year-status/flags) and transmitting
 * (POST /api/tax-year-status/transmit). The year's status itself is part of the
 * user's year view (user.ts), so a status move invalidates that.
 */
export const taxStatusKeys = {
  all: ['tax-status'] as const,
  flags: (taxYear: number) => ['tax-status', taxYear, 'flags'] as const,
}

export const flagsQuery = (taxYear: number) =>
  queryOptions({
    queryKey: taxStatusKeys.flags(taxYear),
    queryFn: () => call(api['tax-year-status'].flags.get({ query: { taxYear } })),
  })

export function useYearFlags(taxYear: number) {
  return useQuery(flagsQuery(taxYear)).data
}

/**
 * The year's status moved on the server: the year's view is refetched. The flags do not
 * change with the status (whether transmitting is possible is `mayTransmit` of the fresh
 * status and the flags), so they are left alone.
 */
export const afterStatusMoved = (taxYear: number) => queryClient.invalidateQueries({ queryKey: userKeys.year(taxYear) })

/** 3→4: the server checks the flags and answers 409 when transmitting is not possible. */
export function useTransmit() {
  return useMutation({
    mutationFn: (taxYear: number) => call(api['tax-year-status'].transmit.post({ taxYear })),
    // Success or refusal, what the server knows now replaces what the page shows.
    onSettled: (_data, _err, taxYear) =>
      Promise.all([
        afterStatusMoved(taxYear),
        queryClient.invalidateQueries({ queryKey: taxStatusKeys.flags(taxYear) }),
        // The server stores a 'documents transmitted' notification with the move: the bell shows it at once.
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      ]),
  })
}

/** The advanced-info screen's flags; the answer is the year's new flags. */
export function useSaveFlags() {
  return useMutation({
    mutationFn: (flags: { taxYear: number; advancedInfoCompleted?: boolean; transmitEnabled?: boolean }) =>
      call(api['tax-year-status'].flags.put(flags)),
    onSuccess: (_data, { taxYear }) => queryClient.invalidateQueries({ queryKey: taxStatusKeys.flags(taxYear) }),
  })
}
