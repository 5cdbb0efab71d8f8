import type { AppContext } from '../context'
import type { BlobStore } from '../infra/blob-store'
import type { RequestContext } from '../infra/request-context'
import { badRequest } from '../http/errors'
import { destroyAllFilesOf } from '../documents/lifecycle'
import { getUser } from '../users/service'
import { removeAccount, requireNotLastAdmin } from '../users/account'
import { normaliseEmail } from '../../shared/email'

/**
 * DELETE /api/user (issue 13, nFADP right to erasure): the person types their e-mail to confirm. Documents first
 * (data keys destroyed, then rows, then blobs), then the account (users/account.ts), whose deletion cascades to
 * every table that belongs to it. The last admin cannot delete itself.
 */
export async function deleteAccount(ctx: AppContext, rc: RequestContext, store: BlobStore, confirmEmail: string) {
  const user = await getUser(ctx, rc.user.id)
  if (normaliseEmail(confirmEmail) !== user.email) {
    throw badRequest(
      `Invalid field 'confirmEmail': it does not match the e-mail of this account`,
      'CONFIRM_EMAIL_MISMATCH',
    )
  }
  await requireNotLastAdmin(ctx, user)
  const files = await destroyAllFilesOf(ctx, store, user.id)
  await removeAccount(ctx, rc, user, { files })
  return { success: true, deletedFiles: files }
}
