import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { api, call } from './client'
import { queryClient, TIMINGS } from './query-client'

/** The bell's list (GET /api/notifications), refetched every 30 s while a bell is shown. */
export const notificationKeys = { all: ['notifications'] as const }

export const notificationsQuery = queryOptions({
  queryKey: notificationKeys.all,
  queryFn: () => call(api.notifications.get()),
  refetchInterval: TIMINGS.POLL_MS,
})

/** The bell polls; other readers on the same page pass `poll: false` (one 30 s timer per page). */
export function useNotifications({ poll = true }: { poll?: boolean } = {}) {
  return useQuery({ ...notificationsQuery, ...(poll ? {} : { refetchInterval: false }) }).data ?? []
}

export type NotificationEntry = Awaited<ReturnType<typeof useNotifications>>[number]

const invalidate = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all })

/** Marks one (its id) or all (undefined) as read; the list is the only thing that changes. */
export function useMarkRead() {
  return useMutation({
    mutationFn: (id: string | undefined) =>
      call(id === undefined ? api.notifications['read-all'].post() : api.notifications({ id }).read.post()),
    onSuccess: invalidate,
  })
}
