import { one, skipLocked } from '../db/query'
import { and, asc, eq, gt, inArray, isNull, lt, lte, or } from 'drizzle-orm'
import type { AppContext } from '../context'
import { mailOutbox } from '../db/schema'
import { mailRecipientOf } from '../users/service'
import { composeClientMail, type ClientMailEvent } from './compose'
import { senderOf } from './sender'

/** A failed send is tried again after 1, 2, 4 … minutes, at most an hour apart, for about a day. */
const RETRY_BASE_MS = 60_000
const RETRY_MAX_MS = 3_600_000
export const MAX_ATTEMPTS = 30
const BATCH = 50

export const retryDelay = (attempts: number) => Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS)

/**
 * How long a status mail waits for the status to settle. Auto Advance (every 2.5 s) and
 * the Loop (every 2 s) move a client's status on and on; each move replaces the waiting
 * mail and starts the wait again, so the client gets one mail naming where it stopped.
 */
export const STATUS_MAIL_SETTLE_MS = 10_000

/** Mails of one client and year's status share this key (see `coalesce` below). */
export const statusMailKey = (userId: number, year: number) => `status:${userId}:${year}`

/**
 * Puts a mail to a client into the outbox, unless the client turned such mail off
 * (or is an expert). Only an insert: the sender delivers it in the background, so
 * the request that caused it never waits for SMTP. With a `dedupeKey` a second
 * call for the same key adds nothing. Returns whether a mail was queued.
 *
 * With `coalesce` the mail is one of a series where only the newest counts: with
 * `settle` it waits STATUS_MAIL_SETTLE_MS and replaces a mail of the key still waiting;
 * without, it goes at once and a waiting mail of the key is dropped (it is outdated).
 * A mail already due is left alone: the sender may be delivering it.
 */
export async function queueClientMail(
  ctx: AppContext,
  userId: number,
  event: ClientMailEvent,
  dedupeKey?: string,
  coalesce?: { key: string; settle: boolean },
): Promise<boolean> {
  const to = await mailRecipientOf(ctx, userId)
  if (!to?.emailUpdates || to.role !== 'user') return false
  const mail = composeClientMail(event, to, { appName: ctx.config.appName, publicUrl: ctx.config.publicUrl })
  const now = ctx.now()
  const waiting = coalesce
    ? and(
        eq(mailOutbox.coalesceKey, coalesce.key),
        isNull(mailOutbox.sentAt),
        eq(mailOutbox.attempts, 0),
        gt(mailOutbox.nextAttemptAt, now),
      )
    : undefined
  if (coalesce?.settle) {
    const replaced = await ctx.tx(() =>
      ctx.db
        .update(mailOutbox)
        .set({ ...mail, toAddress: to.email, nextAttemptAt: now + STATUS_MAIL_SETTLE_MS })
        .where(waiting)
        .returning({ id: mailOutbox.id }),
    )

    if (replaced.length) return true
  } else if (waiting) await ctx.tx(() => ctx.db.delete(mailOutbox).where(waiting))
  const row = await ctx.tx(() =>
    one(
      ctx.db
        .insert(mailOutbox)
        .values({
          userId,
          kind: event.kind,
          toAddress: to.email,
          ...mail,
          dedupeKey: dedupeKey ?? null,
          coalesceKey: coalesce?.settle ? coalesce.key : null,
          nextAttemptAt: coalesce?.settle ? now + STATUS_MAIL_SETTLE_MS : now,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: mailOutbox.id }),
    ),
  )
  if (row) senderOf(ctx).kick()
  return row !== undefined
}

/**
 * Sends every due mail once. A refusal or a dead server leaves the row for a later
 * try (logged without the mail's content); a run never throws.
 */
export async function deliverDue(ctx: AppContext): Promise<{ sent: number; failed: number }> {
  const due = await claimDue(ctx)
  let sent = 0,
    failed = 0
  for (const m of due) {
    const mine = and(eq(mailOutbox.id, m.id), eq(mailOutbox.leaseOwner, ctx.instance))
    try {
      await ctx.mailer.send({ to: m.toAddress, subject: m.subject, text: m.text, html: m.html })
      await ctx.tx(() =>
        ctx.db
          .update(mailOutbox)
          .set({ sentAt: ctx.now(), attempts: m.attempts + 1, lastError: null, leaseOwner: null, leaseUntil: null })
          .where(mine),
      )
      sent++
    } catch (err) {
      const attempts = m.attempts + 1
      const error = (err as Error)?.message?.slice(0, 300) ?? String(err)
      await ctx.tx(() =>
        ctx.db
          .update(mailOutbox)
          .set({
            attempts,
            lastError: error,
            nextAttemptAt: ctx.now() + retryDelay(attempts),
            leaseOwner: null,
            leaseUntil: null,
          })
          .where(mine),
      )

      const line = { mailId: m.id, kind: m.kind, attempts, error }
      if (attempts >= MAX_ATTEMPTS) ctx.log.error('client mail given up after repeated failures', line)
      else ctx.log.warn('client mail failed, will retry', line)
      failed++
    }
  }
  return { sent, failed }
}

/**
 * How long a claimed mail is this process's: longer than one SMTP delivery with its timeouts. A sender that
 * died holding mails leaves them to another process after this.
 */
export const MAIL_LEASE_MS = 120_000

/**
 * Claims the due mails for this process (owner and lease expiry in one UPDATE … RETURNING): another process's
 * claim that is still running is skipped, an expired one (its process died) is taken over.
 */
async function claimDue(ctx: AppContext) {
  const now = ctx.now()
  return ctx.tx(async () => {
    const ids = (
      await skipLocked(
        ctx.backend.dialect,
        ctx.db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(
            and(
              isNull(mailOutbox.sentAt),
              lte(mailOutbox.nextAttemptAt, now),
              lte(mailOutbox.attempts, MAX_ATTEMPTS - 1),
              or(isNull(mailOutbox.leaseUntil), lt(mailOutbox.leaseUntil, now)),
            ),
          )
          .orderBy(asc(mailOutbox.id))
          .limit(BATCH),
      )
    ).map((r) => r.id)
    if (!ids.length) return []
    return ctx.db
      .update(mailOutbox)
      .set({ leaseOwner: ctx.instance, leaseUntil: now + MAIL_LEASE_MS })
      .where(inArray(mailOutbox.id, ids))
      .returning()
  })
}

/** At shutdown: this process's claims end now, so that another process sends those mails without waiting. */
export async function releaseMailLeases(ctx: AppContext) {
  await ctx.backend.run(
    'UPDATE mail_outbox SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = ? AND sent_at IS NULL',
    ctx.instance,
  )
}

/** For the system card: what waits, what failed lately. */
export async function outboxCounts(ctx: AppContext) {
  const r = await ctx.backend.get<{ pending: number; failing: number; sent: number }>(
    `SELECT COALESCE(SUM(CASE WHEN sent_at IS NULL AND attempts < ? THEN 1 ELSE 0 END), 0) AS pending, ` +
      `COALESCE(SUM(CASE WHEN sent_at IS NULL AND attempts > 0 THEN 1 ELSE 0 END), 0) AS failing, ` +
      `COALESCE(SUM(CASE WHEN sent_at IS NOT NULL THEN 1 ELSE 0 END), 0) AS sent FROM mail_outbox`,
    MAX_ATTEMPTS,
  )
  return { pending: Number(r?.pending ?? 0), failing: Number(r?.failing ?? 0), sent: Number(r?.sent ?? 0) }
}
