import { useMutation, useQuery } from '@tanstack/react-query'
import { api, call } from './client'
import { queryClient } from './query-client'
import { invalidateUser } from './user'
import { afterStatusMoved } from './tax-status'

/**
 * The profile and the tax-setup wizard's writes: PUT /api/user/profile, the terms,
 * the declaration and the 1→2 move. Each answer changes the user, so each one
 * invalidates the user queries (the session user included) and nothing else.
 */
export function useSaveProfile() {
  return useMutation({
    mutationFn: (fields: Record<string, unknown>) => call(api.user.profile.put(fields)),
    onSuccess: invalidateUser,
  })
}

/** First-time registration's acceptance of the terms (the server records time, IP and agent itself). */
export const acceptTerms = async () => {
  const accepted = await call(api.gtc.accept.post({ accepted: true }))
  // The server removed the registration's draft with the acceptance.
  queryClient.removeQueries({ queryKey: draftKeys.of('registration') })
  return accepted
}

/**
 * Completing the tax setup: one call (POST /api/tax-profile/complete) saves the profile and the
 * declaration and moves the year 1→2 in one transaction; a refusal leaves nothing behind. A year
 * an expert has already moved past 1 keeps its status.
 */
export function useCompleteTaxSetup() {
  return useMutation({
    mutationFn: (v: { taxYear: number; profile: Record<string, unknown> }) =>
      call(api['tax-profile'].complete.post({ taxYear: v.taxYear, profile: v.profile })),
    onSettled: (_data, _err, v) => Promise.all([invalidateUser(), afterStatusMoved(v.taxYear)]),
    // The server removed the wizard's draft with the completion.
    onSuccess: () => queryClient.removeQueries({ queryKey: draftKeys.of('wizard') }),
  })
}

/** An unfinished form kept on the server (GET/PUT /api/user/drafts/:kind, issue 25). */
export type DraftKind = 'wizard' | 'registration'
export const draftKeys = { of: (kind: DraftKind) => ['draft', kind] as const }

export const useDraft = (kind: DraftKind) =>
  useQuery({
    queryKey: draftKeys.of(kind),
    queryFn: () => call(api.user.drafts({ kind }).get()),
    // Read once when the form opens: the form itself then holds the newer state.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  })

export const saveDraft = async (
  kind: DraftKind,
  v: { taxYear?: number; step?: number; answers: Record<string, unknown> },
) => {
  const saved = await call(api.user.drafts({ kind }).put(v))
  queryClient.setQueryData(draftKeys.of(kind), { draft: saved })
  return saved
}
