import { and, eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import type { RequestContext } from '../infra/request-context'
import { taxYearStatus } from '../db/schema'
import { conflict, forbidden, notFound } from '../http/errors'
import { audit } from '../infra/audit'
import { targetUserId } from '../infra/actor-may'
import { notify } from '../notifications/service'
import { queueClientMail, statusMailKey } from '../client-mail/service'
import { REQUIRED_CATEGORY_IDS, statusById, type TaxStatusId } from '../../shared/tax-status'
import {
  documentsChanged,
  requireFileableYear,
  taxStatusAnswer,
  writeStatus,
  yearStatus,
  type AdvancedCompletion,
} from './service'
import { markTaxProfileComplete, profileOf } from '../users/profile'
import { coveredCategories } from '../documents/relevance'
import { userExists } from '../users/service'

/**
 * Who may move a status (docs/statuses.md). A non-admin may only make the 1→2 move,
 * and only once the profile holds every field the wizard requires; everything
 * else a non-admin asks for is a 403 that changes nothing. Admins (the
 * provider's experts) set any status of any user, and the user is notified.
 */
export async function setStatus(
  ctx: AppContext,
  rc: RequestContext,
  input: { userId?: number; taxYear: number; to: TaxStatusId; note?: string; override?: boolean },
  advanced?: AdvancedCompletion,
) {
  // The status read and its move are one transaction under the year's lock: two moves at once, in one process
  // or two, see each other's result instead of both starting from the same status.
  const userId = targetUserId(rc.user, input.userId, notFound('User not found'))
  return ctx.tx(async () => {
    await ctx.lock(statusLock(userId, input.taxYear))
    return setStatusLocked(ctx, rc, input, advanced)
  })
}

/** The lock of a person's year: status moves, transmission, the 2→3 move after a document change. */
export const statusLock = (userId: number, taxYear: number) => `status:${userId}:${taxYear}`

async function setStatusLocked(
  ctx: AppContext,
  rc: RequestContext,
  input: { userId?: number; taxYear: number; to: TaxStatusId; note?: string; override?: boolean },
  advanced?: AdvancedCompletion,
) {
  const actor = rc.user
  const isAdmin = actor.role === 'admin'
  const userId = targetUserId(actor, input.userId, notFound('User not found'))
  if (userId !== actor.id && !(await userExists(ctx, userId))) throw notFound('User not found')
  requireFileableYear(ctx, input.taxYear)

  const from = (await yearStatus(ctx, userId, input.taxYear)).statusId
  const note = input.note?.trim() || undefined
  if (isAdmin) {
    // An expert moving a client forward past what the client's data supports (e.g. to "transmitted" without a
    // finished profile) must say so: a 409 names what is missing, and `override` moves anyway, audited.
    const unsupported =
      userId !== actor.id ? await unsupportedMove(ctx, advanced, userId, input.taxYear, from, input.to) : null
    if (unsupported && !input.override)
      throw conflict(unsupported.message, `STATUS_${unsupported.reason.toUpperCase()}`)
    if (from !== input.to) {
      await ctx.tx(async () => {
        await writeStatus(ctx, userId, input.taxYear, input.to, actor.id)
        if (userId !== actor.id) {
          const status = statusById(input.to).name
          // The expert's note is shown in the notification, inside the app; the mail only says there is one.
          await notify(ctx, userId, {
            code: 'status_changed',
            params: { year: input.taxYear, status, ...(note ? { note } : {}) },
          })
          // One mail per series of moves (Auto Advance, the Loop, Next clicked in a row): a move
          // without a note waits for the status to settle; one with a note goes at once.
          await queueClientMail(
            ctx,
            userId,
            { kind: 'status_changed', year: input.taxYear, status, hasNote: Boolean(note) },
            undefined,
            { key: statusMailKey(userId, input.taxYear), settle: !note },
          )
        }
      })
      await audit(
        ctx,
        rc,
        'status_set',
        {
          userId,
          taxYear: input.taxYear,
          from,
          to: input.to,
          note: Boolean(note),
          ...(unsupported ? { override: unsupported.reason } : {}),
        },
        { target: { userId } },
      )
    }
    return await taxStatusAnswer(ctx, userId, input.taxYear)
  }

  if (from === input.to) return await taxStatusAnswer(ctx, userId, input.taxYear)
  if (from !== 1 || input.to !== 2) {
    throw forbidden(
      `Moving the status from ${statusById(from).name} to ${statusById(input.to).name} is not allowed.`,
      'STATUS_MOVE_FORBIDDEN',
    )
  }
  await ctx.tx(async () => {
    // The users area decides whether the profile is complete (409 otherwise, and nothing is written).
    await markTaxProfileComplete(ctx, userId)
    await writeStatus(ctx, userId, input.taxYear, 2, actor.id)
    // Documents uploaded (or marked not relevant) while the year was at 1 count too: the
    // 2→3 check runs on this move as well, not only on the next file change.
    await documentsChanged(ctx, userId, input.taxYear)
  })
  return await taxStatusAnswer(ctx, userId, input.taxYear)
}

/**
 * What a move from `from` to `to` needs that the client's data lacks, if anything. Only the steps it crosses count:
 * reaching 2 needs the finished profile, 3 the required documents, 4 the advanced information marked complete;
 * 4→5→6 (the experts' review) and every move back need nothing.
 */
export async function unsupportedMove(
  ctx: AppContext,
  advanced: AdvancedCompletion | undefined,
  userId: number,
  taxYear: number,
  from: number,
  to: number,
): Promise<{ reason: 'profile_incomplete' | 'documents_missing' | 'advanced_incomplete'; message: string } | null> {
  const crosses = (step: number) => from < step && to >= step
  if (crosses(2) && !(await profileOf(ctx, userId)).isTaxProfileComplete)
    return { reason: 'profile_incomplete', message: 'The client has not finished the tax profile.' }
  if (crosses(3)) {
    const covered = await coveredCategories(ctx, userId, taxYear)
    if (!REQUIRED_CATEGORY_IDS.every((id) => covered.has(id)))
      return {
        reason: 'documents_missing',
        message: `Required documents for ${taxYear} are missing (neither uploaded nor marked not relevant).`,
      }
  }
  if (crosses(4) && advanced && !(await advanced.isCompleted(userId, taxYear)))
    return {
      reason: 'advanced_incomplete',
      message: `The advanced tax information for ${taxYear} is not marked complete.`,
    }
  return null
}

/**
 * The per-year flags and whether transmitting is possible now. `advancedInfoCompleted` is the
 * advanced area's "Finish Section" (docs/advanced.md), read through its service.
 */
export async function yearFlags(ctx: AppContext, advanced: AdvancedCompletion, userId: number, taxYear: number) {
  const row = await yearStatus(ctx, userId, taxYear)
  const completed = await advanced.isCompleted(userId, taxYear)
  return {
    taxYear,
    advancedInfoCompleted: completed,
    transmitEnabled: row.transmitEnabled,
    canTransmit: row.statusId === 3 && completed,
  }
}

/**
 * PUT /api/tax-year-status/flags of the old client. `advancedInfoCompleted` goes through the
 * advanced area's completion, with its rules (409 ADVANCED_INCOMPLETE, SECTION undo refused
 * after transmit): this call cannot set the flag around them.
 */
export async function setYearFlags(
  ctx: AppContext,
  advanced: AdvancedCompletion,
  userId: number,
  taxYear: number,
  flags: { advancedInfoCompleted?: boolean; transmitEnabled?: boolean },
) {
  requireFileableYear(ctx, taxYear)
  if (flags.advancedInfoCompleted !== undefined)
    await advanced.setCompleted(userId, taxYear, flags.advancedInfoCompleted)
  if (flags.transmitEnabled !== undefined) {
    const now = ctx.now()
    const set = { transmitEnabled: flags.transmitEnabled, updatedAt: now }
    await ctx.tx(() =>
      ctx.db
        .insert(taxYearStatus)
        .values({ userId, taxYear, statusId: 1, ...set })
        .onConflictDoUpdate({ target: [taxYearStatus.userId, taxYearStatus.taxYear], set }),
    )
  }
  return await yearFlags(ctx, advanced, userId, taxYear)
}

/**
 * 3→4: the user transmits the year's documents. Requires status 3 and the
 * advanced tax information marked complete on the server (409 otherwise).
 */
export async function transmit(ctx: AppContext, advanced: AdvancedCompletion, userId: number, taxYear: number) {
  requireFileableYear(ctx, taxYear)
  return ctx.tx(async () => {
    await ctx.lock(statusLock(userId, taxYear))
    return transmitLocked(ctx, advanced, userId, taxYear)
  })
}

async function transmitLocked(ctx: AppContext, advanced: AdvancedCompletion, userId: number, taxYear: number) {
  const row = await yearStatus(ctx, userId, taxYear)
  if (row.statusId !== 3) {
    throw conflict(
      `Documents can be transmitted only once they are all submitted (the status for ${taxYear} is ` +
        `${statusById(row.statusId).name}).`,
      'NOT_READY_TO_TRANSMIT',
    )
  }
  if (!(await advanced.isCompleted(userId, taxYear))) {
    throw conflict(
      `Please complete the Advanced Tax Information for ${taxYear} before transmitting.`,
      'ADVANCED_INFO_INCOMPLETE',
    )
  }
  await ctx.tx(async () => {
    await writeStatus(ctx, userId, taxYear, 4, userId)
    await ctx.db
      .update(taxYearStatus)
      .set({ transmitEnabled: false })
      .where(and(eq(taxYearStatus.userId, userId), eq(taxYearStatus.taxYear, taxYear)))

    await notify(ctx, userId, { code: 'documents_transmitted', params: { year: taxYear } })
  })
  return { success: true, ...(await taxStatusAnswer(ctx, userId, taxYear)) }
}
