import type { AppContext } from '../context'
import { getUser } from '../users/service'
import { resetRegistration } from '../users/profile'
import { resetYears } from '../tax-status/service'

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
