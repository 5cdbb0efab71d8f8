import type { AppContext } from '../context'
import { badRequest } from '../http/errors'
import { getUser } from '../users/service'
import { resetRegistration } from '../users/profile'
import { resetYears } from '../tax-status/service'

export const INVALID_USER_ID = 'Invalid User ID: Please enter a valid numeric user ID'

/** The reset form's user id: a whole number above zero, sent as a number or as digits. */
export function parseUserId(raw: unknown): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d{1,15}\s*$/.test(raw) ? Number(raw) : NaN
  if (!Number.isSafeInteger(n) || n <= 0) throw badRequest(INVALID_USER_ID, 'INVALID_USER_ID')
  return n
}

/**
 * "Reset to First-Time Login" (spec part 2 §2, §7): registration, profile answers and the
 * terms acceptance are cleared and every year goes back to status 1, in one transaction.
 * Documents, messages and saved declarations stay. An unknown id is a 404.
 */
export async function resetProfile(ctx: AppContext, adminId: number, userId: number) {
  const user = await getUser(ctx, userId)
  await ctx.tx(async () => {
    await resetRegistration(ctx, userId)
    await resetYears(ctx, userId, adminId)
  })
  return {
    success: true,
    userId,
    email: user.email,
    message: 'The profile was reset: the next sign-in starts with first-time registration.',
  }
}
