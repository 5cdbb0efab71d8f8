import type { AppContext } from '../context'
import { cachedRead } from '../http/read-cache'
import { defaultTaxYear } from '../../shared/tax-years'
import { getUser, isProfileComplete } from '../users/service'
import { profileOf } from '../users/profile'
import { taxViewOf } from '../tax-status/service'

/**
 * GET /api/user (spec part 1 §3): the signed-in person in one object, built from
 * three parts with no key in common, so no part overrides another:
 * - the account (users area): id, e-mail, role, language, mail choice, whether registration is done;
 * - the profile (users area): registration fields and the tax profile;
 * - the tax view (tax-status): the selected year's status and every year's.
 */
export function userView(ctx: AppContext, userId: number, taxYear?: number) {
  // Polled (the dashboard): kept until the database changes (http/read-cache.ts); the year is part of the key.
  const year = taxYear ?? defaultTaxYear(new Date(ctx.now()))
  return cachedRead(ctx, `user:${userId}:${year}`, () => buildUserView(ctx, userId, year))
}

async function buildUserView(ctx: AppContext, userId: number, taxYear: number) {
  const user = await getUser(ctx, userId)
  const account = {
    id: user.id,
    email: user.email,
    role: user.role,
    language: user.language,
    emailUpdates: user.emailUpdates,
    isProfileComplete: isProfileComplete(user),
  }
  return { ...account, ...(await profileOf(ctx, userId)), ...(await taxViewOf(ctx, userId, taxYear)) }
}
