import type { AppContext } from '../context'
import { profiles, users } from '../db/schema'
import { count, desc, eq } from 'drizzle-orm'
import { taxViewOf } from '../tax-status/service'
import { profileOf } from '../users/profile'

/**
 * The debug panel's database status (spec part 1 §3 "Debug database status"), for
 * experts. The column the old client checked is the tax-profile-complete flag.
 */
export function dbStatus(ctx: AppContext) {
  const columns = ctx.sqlite
    .query<{ name: string }, []>('PRAGMA table_info(profiles)')
    .all()
    .map((c) => c.name)
  const userCount = ctx.db.select({ n: count() }).from(users).get()?.n ?? 0
  const taxCompletedCount =
    ctx.db.select({ n: count() }).from(profiles).where(eq(profiles.isTaxProfileComplete, true)).get()?.n ?? 0
  const newest = ctx.db
    .select({ id: users.id, email: users.email, createdAt: users.createdAt })
    .from(users)
    .orderBy(desc(users.id))
    .limit(1)
    .get()
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
