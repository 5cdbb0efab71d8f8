import type { AppContext } from '../context'
import { taxViewOf } from '../tax-status/service'
import { countTaxProfilesComplete, profileOf } from '../users/profile'
import { countByRole, newestUser } from '../users/service'

/**
 * The debug panel's database status (spec part 1 §3 "Debug database status"), for
 * experts. The column the old client checked is the tax-profile-complete flag.
 */
export async function dbStatus(ctx: AppContext) {
  // The table's columns as the database has them (the catalogue differs per dialect).
  const columns = (
    await ctx.backend.all<{ name: string }>(
      ctx.backend.dialect === 'sqlite'
        ? `SELECT name FROM pragma_table_info('profiles')`
        : `SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'profiles' ` +
            'AND table_schema = current_schema() ORDER BY ordinal_position',
    )
  ).map((c) => c.name)
  const roles = await countByRole(ctx)
  const userCount = roles.clients + roles.admins
  const taxCompletedCount = await countTaxProfilesComplete(ctx)
  const newest = await newestUser(ctx)
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
export async function taxProfileStatus(ctx: AppContext, userId: number, taxYear?: number) {
  return {
    userId,
    isTaxProfileComplete: (await profileOf(ctx, userId)).isTaxProfileComplete,
    ...(await taxViewOf(ctx, userId, taxYear)),
    lastChecked: new Date(ctx.now()).toISOString(),
  }
}
