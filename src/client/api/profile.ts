import { useMutation } from '@tanstack/react-query'
import { api, call, ApiRequestError } from './client'
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
 * Completing the tax setup: the profile, the declaration (its failure only logged, as the
 * spec has it), then the 1→2 move of the year. An expert may already have moved the year
 * past 2: the answers are saved and the status stays, which is no failure.
 */
export function useCompleteTaxSetup() {
  return useMutation({
    mutationFn: async (v: {
      taxYear: number
      profile: Record<string, unknown>
      taxData: Record<string, unknown>
      filename: string
    }) => {
      await call(api.user.profile.put(v.profile))
      await call(
        api.tax['save-declaration'].post({ taxData: v.taxData, taxYear: v.taxYear, filename: v.filename }),
      ).catch((err: unknown) => console.warn('save-declaration failed', err))
      try {
        await call(api.status.set.post({ statusId: 2, taxYear: v.taxYear }))
      } catch (err) {
        if (!(err instanceof ApiRequestError && err.code === 'STATUS_MOVE_FORBIDDEN')) throw err
      }
    },
    onSettled: (_data, _err, v) => Promise.all([invalidateUser(), afterStatusMoved(v.taxYear)]),
  })
}
