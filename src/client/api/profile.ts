import { useMutation } from '@tanstack/react-query'
import { api, call } from './client'
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
export const acceptTerms = () => call(api.gtc.accept.post({ accepted: true }))

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
  })
}
