import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { api, call } from './client'
import { queryClient } from './query-client'

/** The user's messages to the experts and their replies (GET /api/messages, POST /api/send-message). */
export const messageKeys = { all: ['messages'] as const }

export const messagesQuery = queryOptions({
  queryKey: messageKeys.all,
  queryFn: () => call(api.messages.get()),
})

export function useMessages() {
  return useQuery(messagesQuery).data ?? []
}

/** A reply arrived (a message notification): the history is fetched again. */
export const invalidateMessages = () => queryClient.invalidateQueries({ queryKey: messageKeys.all })

export function useSendMessage() {
  return useMutation({
    mutationFn: (v: { message: string; attachmentFileId?: string }) => call(api['send-message'].post(v)),
    onSuccess: invalidateMessages,
  })
}
