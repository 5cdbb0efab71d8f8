import { and, count, eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import type { BlobStore } from '../infra/blob-store'
import type { RequestContext } from '../infra/request-context'
import { audit, pseudonymiseAudit } from '../infra/audit'
import { users } from '../db/schema'
import { badRequest, conflict } from '../http/errors'
import { destroyAllFilesOf } from '../documents/service'
import { normaliseEmail } from '../../shared/email'
import { getUser } from './service'

/**
 * DELETE /api/user (issue 13, nFADP right to erasure): the person types their
 * e-mail to confirm. Documents first (data keys destroyed, then rows, then
 * blobs), then the account row, whose deletion cascades to every table that
 * belongs to it, sessions included. The audit keeps a pseudonymous trace.
 * The last admin cannot delete itself: nobody could run the service any more.
 */
export async function deleteAccount(ctx: AppContext, rc: RequestContext, store: BlobStore, confirmEmail: string) {
  const user = await getUser(ctx, rc.user.id)
  if (normaliseEmail(confirmEmail) !== user.email) {
    throw badRequest(
      `Invalid field 'confirmEmail': it does not match the e-mail of this account`,
      'CONFIRM_EMAIL_MISMATCH',
    )
  }
  if (user.role === 'admin') {
    const admins = (await ctx.db.select({ n: count() }).from(users).where(eq(users.role, 'admin')).get())?.n ?? 0
    if (admins <= 1)
      throw conflict('You are the only administrator. Give another account the admin role first.', 'LAST_ADMIN')
  }
  const files = await destroyAllFilesOf(ctx, store, user.id)
  await ctx.tx(async () => {
    await pseudonymiseAudit(ctx, user.id, user.email)
    await ctx.db.delete(users).where(and(eq(users.id, user.id)))

    await audit(ctx, { user: null, ip: rc.ip }, 'account_deleted', { files }, { target: { email: user.email } })
  })
  // The search index is merged so that its old segments with the name's trigrams go (FTS5's own command).
  await ctx.backend.run(`INSERT INTO users_search(users_search) VALUES ('optimize')`)
  const erased = await ctx.backend.eraseDeletedTraces()
  if (!erased.walTruncated) ctx.log.warn('account deleted; the write-ahead log is emptied at the next checkpoint')
  return { success: true, deletedFiles: files }
}
