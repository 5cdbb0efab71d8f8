import type { AppContext } from '../context'
import { cachedRead } from '../http/read-cache'
import { taxYearStatus } from '../db/schema'
import { conflict } from '../http/errors'
import { defaultTaxYear, isFileable } from '../../shared/tax-years'
import { isTransmitted, REQUIRED_CATEGORY_IDS, statusById, type TaxStatusId } from '../../shared/tax-status'
import { coveredCategories } from '../documents/relevance'
import { audit } from '../infra/audit'

type StatusRow = { statusId: number; transmitEnabled: number | boolean; updatedAt: number; updatedBy: number | null }

/**
 * The stored row of a user's year, or the defaults (status 1) when there is none
 * yet. Raw SQL through the storage seam (statements compiled once): this runs on every poll.
 */
export async function yearStatus(ctx: AppContext, userId: number, taxYear: number) {
  const row = await ctx.backend.get<StatusRow>(
    'SELECT status_id AS "statusId", transmit_enabled AS "transmitEnabled", updated_at AS "updatedAt", updated_by AS ' +
      '"updatedBy" FROM tax_year_status WHERE user_id = ? AND tax_year = ? LIMIT 1',
    userId,
    taxYear,
  )
  if (!row)
    return { userId, taxYear, statusId: 1, transmitEnabled: false, updatedAt: 0, updatedBy: null as number | null }
  return { userId, taxYear, ...row, transmitEnabled: Boolean(row.transmitEnabled) }
}

/** Writes a year's status (an upsert). Callers check who may move it. */
export async function writeStatus(
  ctx: AppContext,
  userId: number,
  taxYear: number,
  statusId: TaxStatusId,
  actorId: number | null,
) {
  const now = ctx.now()
  await ctx.tx(() =>
    ctx.db
      .insert(taxYearStatus)
      .values({ userId, taxYear, statusId, updatedAt: now, updatedBy: actorId })
      .onConflictDoUpdate({
        target: [taxYearStatus.userId, taxYearStatus.taxYear],
        set: { statusId, updatedAt: now, updatedBy: actorId },
      }),
  )
}

/**
 * The server's own 2→3 move (docs/statuses.md), decided here only: at status 2, once
 * every required category of the year has a file or is marked not relevant (the
 * documents area's coveredCategories). Runs when the documents report a change
 * and on the 1→2 move. Returns whether it moved.
 */
export async function documentsChanged(ctx: AppContext, userId: number, taxYear: number): Promise<boolean> {
  // Read and move in one transaction under the year's lock (moves.ts statusLock): of five uploads finishing
  // at once, in one process or several, exactly one moves the year.
  return ctx.tx(async () => {
    await ctx.lock(`status:${userId}:${taxYear}`)
    if ((await yearStatus(ctx, userId, taxYear)).statusId !== 2) return false
    const covered = await coveredCategories(ctx, userId, taxYear)
    if (!REQUIRED_CATEGORY_IDS.every((id) => covered.has(id))) return false
    await writeStatus(ctx, userId, taxYear, 3, null)
    // The server's own move, in the experts' audit log like theirs: when the client's documents became complete.
    await audit(ctx, { user: null, ip: null }, 'documents_complete', { taxYear }, { target: { userId } })
    return true
  })
}

/** A year's documents may change only while it is fileable and not yet transmitted (status < 4). */
export async function requireOpenYear(ctx: AppContext, userId: number, taxYear: number): Promise<void> {
  requireFileableYear(ctx, taxYear)
  if (isTransmitted((await yearStatus(ctx, userId, taxYear)).statusId)) {
    throw conflict(
      `The documents for ${taxYear} have been transmitted and can no longer be changed.`,
      'YEAR_TRANSMITTED',
    )
  }
}

/**
 * The advanced area's "Finish Section" as the status machine needs it (3→4, the
 * per-year flags). The advanced area imports tax-status, so tax-status cannot
 * import it back: src/server/wiring.ts implements this and app.ts hands it in.
 */
export interface AdvancedCompletion {
  isCompleted(userId: number, taxYear: number): Promise<boolean>
  setCompleted(userId: number, taxYear: number, completed: boolean): Promise<unknown>
}

/**
 * Writes are refused for a year that cannot be filed yet (docs/statuses.md), with
 * the spec's 'Tax Year Not Available' text. Used by every area that writes per year.
 */
export function requireFileableYear(ctx: AppContext, taxYear: number): void {
  if (!isFileable(taxYear, new Date(ctx.now()))) {
    throw conflict(
      `Tax Year Not Available: Swiss tax returns for ${taxYear} can be filed starting January 1, ${taxYear + 1}`,
      'TAX_YEAR_NOT_AVAILABLE',
    )
  }
}

/** Every year the user has a stored status for, newest first (also the person's data export). */
export async function yearStatuses(ctx: AppContext, userId: number) {
  return (
    await ctx.backend.all<{ taxYear: number; statusId: number }>(
      'SELECT tax_year AS "taxYear", status_id AS "statusId" FROM tax_year_status WHERE user_id = ? ' +
        'ORDER BY tax_year DESC',
      userId,
    )
  ).map((r) => ({ taxYear: r.taxYear, status: statusById(r.statusId).name, statusId: r.statusId }))
}

/** The answer of GET /api/tax-status (spec part 1 §7), kept until the database changes (http/read-cache.ts). */
export function taxStatusAnswer(ctx: AppContext, userId: number, taxYear: number) {
  return cachedRead(ctx, `tax-status:${userId}:${taxYear}`, async () => {
    const s = statusById((await yearStatus(ctx, userId, taxYear)).statusId)
    return { current_status_id: s.id, status: s.name, taxYear }
  })
}

/**
 * The tax part of GET /api/user?taxYear=Y (spec part 1 §3): the selected year's
 * status and every year the user has. The role and the subscription plan come
 * with the user and the profile (publicUser, profileOf).
 */
export async function taxViewOf(
  ctx: AppContext,
  userId: number,
  taxYear: number = defaultTaxYear(new Date(ctx.now())),
) {
  const s = statusById((await yearStatus(ctx, userId, taxYear)).statusId)
  return { taxStatus: s.name, taxStatusId: s.id, taxYear, taxYearStatuses: await yearStatuses(ctx, userId) }
}

/** Of these users, those whose year is still below `statusId`; no stored row counts as status 1. */
export async function usersBelowStatus(ctx: AppContext, userIds: readonly number[], taxYear: number, statusId: number) {
  const reached = new Set(
    (
      await ctx.backend.all<{ userId: number }>(
        'SELECT user_id AS "userId" FROM tax_year_status WHERE tax_year = ? AND status_id >= ?',
        taxYear,
        statusId,
      )
    ).map((r) => r.userId),
  )
  return userIds.filter((id) => !reached.has(id))
}

/** Every stored year of the user back to status 1 (the expert's reset of a profile). */
export async function resetYears(ctx: AppContext, userId: number, actorId: number) {
  await ctx.backend.run(
    'UPDATE tax_year_status SET status_id = 1, updated_at = ?, updated_by = ? WHERE user_id = ?',
    ctx.now(),
    actorId,
    userId,
  )
}
