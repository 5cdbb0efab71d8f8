import type { AppContext } from '../context'
import { lateUploadsByClient } from '../documents/late'
import { unansweredMessages } from '../messages/service'
import { namesOf } from '../users/service'

export const INBOX_PAGE_SIZE = 50
/** The inbox lists this many client years with unseen documents after transmission, the newest arrival first. */
export const LATE_UPLOADS_SHOWN = 50

/**
 * The experts' inbox (GET /api/admin/inbox): a page of the messages that wait for an answer, with their documents,
 * and the clients who added documents after their year was transmitted that no expert has seen yet (issue 25),
 * with how many client years wait in all.
 */
export async function expertInbox(ctx: AppContext, page: number) {
  const messages = await unansweredMessages(ctx, { limit: INBOX_PAGE_SIZE, offset: (page - 1) * INBOX_PAGE_SIZE })
  const late = await lateUploadsByClient(ctx, LATE_UPLOADS_SHOWN)
  const names = await namesOf(
    ctx,
    late.items.map((l) => l.userId),
  )
  const lateUploads = late.items.map((l) => ({
    ...l,
    email: names.get(l.userId)?.email ?? '',
    name: names.get(l.userId)?.name ?? '',
  }))
  return { ...messages, page, pageSize: INBOX_PAGE_SIZE, lateUploads, lateTotal: late.total }
}
