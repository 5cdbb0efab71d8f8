import type { AppContext } from '../context'
import { usersBelowStatus } from '../tax-status/service'
import { clientIds } from '../users/service'
import { runDeadlineReminders } from './reminders'
import { senderOf } from './sender'

// The outbox is looked at this often for mails that became due: retries, and status
// mails whose status has settled (STATUS_MAIL_SETTLE_MS). One indexed query when idle.
const DUE_CHECK_MS = 5_000
// Checked four times a day: the outbox key keeps it to one mail per reminder, and a
// server that was down on the day still sends it when it is back.
const REMINDERS_EVERY_MS = 6 * 3_600_000

/** The deadline check for the running server: clients below status 3 (documents submitted). */
export const checkDeadlines = (ctx: AppContext) =>
  runDeadlineReminders(ctx, (year) => usersBelowStatus(ctx, clientIds(ctx), year, 3))

/**
 * The client-mail jobs of a running server: due mails (retries, settled status mails) every 5 s,
 * and the deadline reminders at start and then four times a day. Returns a stop function.
 */
export function startClientMail(ctx: AppContext): () => void {
  const sender = senderOf(ctx)
  const reminders = () => {
    try {
      checkDeadlines(ctx)
    } catch (err) {
      ctx.log.error('deadline reminders failed', { error: (err as Error).message })
    }
  }
  reminders()
  sender.kick()
  const a = setInterval(() => sender.kick(), DUE_CHECK_MS)
  const b = setInterval(reminders, REMINDERS_EVERY_MS)
  return () => {
    clearInterval(a)
    clearInterval(b)
  }
}

export { queueClientMail } from './service'
