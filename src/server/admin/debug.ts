import type { AppContext } from '../context'
import { taxViewOf } from '../tax-status/service'
import { countTaxProfilesComplete, profileOf } from '../users/profile'
import { countByRole, newestUser } from '../users/service'

/**
 * The debug panel's database status (spec part 1 §3 "Debug database status"), for
 * experts. The column the old client checked is the tax-profile-complete flag.
 */
export function dbStatus(ctx: AppContext) {
  const columns = ctx.sqlite
    .query<{ name: string }, []>('PRAGMA table_info(profiles)')
    .all()
    .map((c) => c.name)
  const roles = countByRole(ctx)
  const userCount = roles.clients + roles.admins
  const taxCompletedCount = countTaxProfilesComplete(ctx)
  const newest = newestUser(ctx)
  return {
    hasTaxProfileColumn: columns.includes('is_tax_profile_complete'),
    columns,
    userCount,
    taxCompletedCount,
    completionRate: userCount ? Math.round((taxCompletedCount / userCount) * 100) : 0,
    newestUser: newest
      ? { id: newest.id, email: newest.email, created: new Date(newest.createdAt).toISOString() }
      : null,
    lastChecked: new Date(ctx.now()).toISOString(),
  }
}

/** GET /api/tax/status: the tax-profile flag and the status of one user (the expert's own by default). */
export function taxProfileStatus(ctx: AppContext, userId: number, taxYear?: number) {
  return {
    userId,
    isTaxProfileComplete: profileOf(ctx, userId).isTaxProfileComplete,
    ...taxViewOf(ctx, userId, taxYear),
    lastChecked: new Date(ctx.now()).toISOString(),
  }
}
