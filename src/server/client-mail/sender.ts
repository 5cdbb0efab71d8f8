import type { AppContext } from '../context'
import { deliverDue } from './service'

export interface MailSender {
  /** Asks for a delivery run soon, after the current request's transaction. */
  kick(): void
  /** Resolves once no run is scheduled or under way (tests, shutdown). */
  idle(): Promise<void>
}

const senders = new WeakMap<AppContext, MailSender>()

/**
 * The background sender of one context: runs never overlap, and a kick during a run
 * makes one more run afterwards, so a mail queued meanwhile is not left for the timer.
 */
export function senderOf(ctx: AppContext): MailSender {
  let sender = senders.get(ctx)
  if (sender) return sender
  let scheduled = false
  let again = false
  let running: Promise<void> | null = null
  const run = (): Promise<void> => {
    if (running !== null) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        try {
          await deliverDue(ctx)
        } catch (err) {
          // The database itself failed (e.g. closed at shutdown): the rows stay for the next run.
          ctx.log.error('client mail run failed', { error: (err as Error)?.message ?? String(err) })
        }
      } while (again)
    })().finally(() => {
      running = null
    })
    return running
  }
  sender = {
    kick() {
      // Once the request's transaction has committed (another connection sees the mail only then), and outside it;
      // nothing when it rolls back.
      ctx.backend.afterCommit(() => {
        if (scheduled) return
        scheduled = true
        setTimeout(() => {
          scheduled = false
          void run()
        }, 0)
      })
    },
    async idle() {
      while (scheduled || running !== null) {
        if (running !== null) await running
        else await Bun.sleep(1)
      }
    },
  }
  senders.set(ctx, sender)
  return sender
}
