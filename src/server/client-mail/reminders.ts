import type { AppContext } from '../context'
import { defaultTaxYear } from '../../shared/tax-years'
import { queueClientMail } from './service'

const DAY = 86_400_000
/** Days before the filing deadline at which clients still short of status 3 get a reminder. */
export const REMINDER_DAYS = [30, 7] as const

/** The filing deadline of tax year Y: FILING_DEADLINE (MM-DD) of Y+1, as YYYY-MM-DD. */
export function filingDeadline(ctx: AppContext, taxYear: number): string {
  const { month, day } = ctx.config.filingDeadline
  return `${taxYear + 1}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/**
 * The daily deadline check. Which reminder is due: the 30-day one from 30 days before
 * the deadline, the 7-day one from 7 days before, until the deadline day. A client who
 * arrives within the window still gets it; the outbox key sends each one once per
 * client, year and reminder, however often this runs. Returns how many were queued.
 */
export async function runDeadlineReminders(
  ctx: AppContext,
  candidates: (taxYear: number) => Promise<number[]>,
): Promise<number> {
  const now = new Date(ctx.now())
  const taxYear = defaultTaxYear(now)
  const deadline = filingDeadline(ctx, taxYear)
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const days = Math.round((Date.parse(`${deadline}T00:00:00Z`) - today) / DAY)
  if (days < 0) return 0
  const reminder = [...REMINDER_DAYS].sort((a, b) => a - b).find((d) => days <= d)
  if (reminder === undefined) return 0
  let queued = 0
  for (const userId of await candidates(taxYear)) {
    if (
      await queueClientMail(
        ctx,
        userId,
        { kind: 'deadline_reminder', year: taxYear, deadline, days },
        `deadline:${userId}:${taxYear}:${reminder}`,
      )
    )
      queued++
  }
  return queued
}
