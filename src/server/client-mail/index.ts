import type { AppContext } from '../context'
import { senderOf } from './sender'

// The outbox is looked at this often for mails that became due: retries, and status
// mails whose status has settled (STATUS_MAIL_SETTLE_MS). One indexed query when idle.
const DUE_CHECK_MS = 5_000
/**
 * Checked four times a day (a scheduled job, app.ts): the outbox key keeps it to one mail per reminder, and a
 * server that was down on the day still sends it when it is back.
 */
export const REMINDERS_EVERY_MS = 6 * 3_600_000

/**
 * The sender of a running server: due mails (retries, settled status mails, mails queued by another process)
 * every 5 s. Each mail is claimed with a lease first, so two processes never send one twice. Returns a stop
 * function.
 */
export function startClientMail(ctx: AppContext): () => void {
  const sender = senderOf(ctx)
  sender.kick()
  const a = setInterval(() => sender.kick(), DUE_CHECK_MS)
  return () => clearInterval(a)
}

export { queueClientMail } from './service'
