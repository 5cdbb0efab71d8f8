import { first } from '../db/query'
import { count, eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import type { RequestContext } from '../infra/request-context'
import { audit, pseudonymiseAudit } from '../infra/audit'
import { users } from '../db/schema'
import { conflict } from '../http/errors'
import { userSearchIndex } from './search'

/** The last admin cannot delete itself: nobody could run the service any more. */
export async function requireNotLastAdmin(ctx: AppContext, user: { role: string }) {
  if (user.role !== 'admin') return
  const admins = (await first(ctx.db.select({ n: count() }).from(users).where(eq(users.role, 'admin'))))?.n ?? 0
  if (admins <= 1)
    throw conflict('You are the only administrator. Give another account the admin role first.', 'LAST_ADMIN')
}

/**
 * The users area's part of deleting an account (src/server/rights/erase.ts runs the whole): the account row,
 * whose deletion cascades to every table that belongs to it, sessions included. The audit keeps a pseudonymous
 * trace; the search index and the write-ahead log lose what could still name the person.
 */
export async function removeAccount(
  ctx: AppContext,
  rc: RequestContext,
  user: { id: number; email: string },
  detail: { files: number },
) {
  await ctx.tx(async () => {
    await pseudonymiseAudit(ctx, user.id, user.email)
    await ctx.db.delete(users).where(eq(users.id, user.id))
    await audit(ctx, { user: null, ip: rc.ip }, 'account_deleted', detail, { target: { email: user.email } })
  })
  await userSearchIndex(ctx).afterErase(ctx)
  const erased = await ctx.backend.eraseDeletedTraces()
  // SQLite's WAL (PostgreSQL vacuums; its own WAL is not the application's to empty: docs/storage.md).
  if (!erased.walTruncated && ctx.backend.dialect === 'sqlite')
    ctx.log.warn('account deleted; the write-ahead log is emptied at the next checkpoint')
}
