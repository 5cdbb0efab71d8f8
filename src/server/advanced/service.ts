import { first } from '../db/query'
import { and, asc, eq } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { AppContext } from '../context'
import {
  advancedAuthorization,
  advancedChildren,
  advancedCompletion,
  advancedSections,
  advancedSpouse,
} from '../db/schema'
import { ApiError, badRequest, conflict } from '../http/errors'
import { requireFileableYear, yearStatus, type AdvancedCompletion } from '../tax-status/service'
import { categoryState } from '../documents/relevance'
import { profileOf, recordAuthorizationFacts } from '../users/profile'
import { cantonBySlug } from '../../shared/cantons'
import { isTransmitted } from '../../shared/tax-status'
import { taxCardSummary } from '../../shared/tax-cards'
import {
  missingForCompletion,
  sectionById,
  sectionOfUploadCategory,
  SECTIONS,
  validateAuthorization,
  validateChildren,
  validateSpouse,
  type AdvancedError,
  type AuthorizationInput,
  type ChildInfo,
  type SectionId,
  type SpouseInfo,
} from '../../shared/advanced'

/**
 * Advanced tax information per user and year (docs/advanced.md). This file alone writes the
 * advanced_* tables; tax-status asks `isAdvancedCompleted` before it transmits.
 */

const refuse = (e: AdvancedError) => new ApiError(400, e.code, e.message)

/** Every advanced table is keyed by user and year. */
const where = (table: { userId: SQLiteColumn; taxYear: SQLiteColumn }, userId: number, taxYear: number) =>
  and(eq(table.userId, userId), eq(table.taxYear, taxYear))

export async function isAdvancedCompleted(ctx: AppContext, userId: number, taxYear: number): Promise<boolean> {
  return !!(await first(
    ctx.db
      .select({ at: advancedCompletion.completedAt })
      .from(advancedCompletion)
      .where(where(advancedCompletion, userId, taxYear)),
  ))
}

/** Every change waits for a fileable, untransmitted year and an open section (409 SECTION_LOCKED while completed). */
async function requireEditable(ctx: AppContext, userId: number, taxYear: number) {
  requireFileableYear(ctx, taxYear)
  if (isTransmitted((await yearStatus(ctx, userId, taxYear)).statusId)) {
    throw conflict(
      `The tax information for ${taxYear} has been transmitted and can no longer be changed.`,
      'YEAR_TRANSMITTED',
    )
  }
  if (await isAdvancedCompleted(ctx, userId, taxYear)) {
    throw conflict(
      'Section Completed - Navigation Locked: undo "Finish Section" to change the advanced tax information.',
      'SECTION_LOCKED',
    )
  }
}

/**
 * The documents area asks this before storing a file or a relevance mark in a section's
 * category (spouse 26–30, children 31–38, …): those are locked with the section.
 */
export async function requireSectionCategoryOpen(ctx: AppContext, userId: number, taxYear: number, categoryId: number) {
  if (sectionOfUploadCategory(categoryId) && (await isAdvancedCompleted(ctx, userId, taxYear))) {
    throw conflict(
      'Section Completed - Navigation Locked: undo "Finish Section" to add documents to this section.',
      'SECTION_LOCKED',
    )
  }
}

/**
 * A section the person never switched starts from their wizard answers (issue 25): married or with children, the
 * spouse and children sections start on, as every section a tax card of the profile opens does.
 */
async function enabledSections(ctx: AppContext, userId: number, taxYear: number): Promise<Record<SectionId, boolean>> {
  const fromWizard = new Set<string>((await taxCardsOf(ctx, userId)).tabs)
  const stored = new Map(
    (
      await ctx.db
        .select()
        .from(advancedSections)
        .where(where(advancedSections, userId, taxYear))
    ).map((r) => [r.section, r.enabled]),
  )
  return Object.fromEntries(
    SECTIONS.map((s) => [s.id, s.alwaysEnabled || (stored.get(s.id) ?? (s.defaultEnabled || fromWizard.has(s.id)))]),
  ) as Record<SectionId, boolean>
}

export async function spouseOf(ctx: AppContext, userId: number, taxYear: number): Promise<SpouseInfo | null> {
  const r = await first(
    ctx.db
      .select()
      .from(advancedSpouse)
      .where(where(advancedSpouse, userId, taxYear)),
  )
  return r
    ? {
        firstName: r.firstName,
        lastName: r.lastName,
        age: r.age,
        occupation: r.occupation,
        ahvNumber: r.ahvNumber,
        taxId: r.taxId,
      }
    : null
}

async function childrenOf(ctx: AppContext, userId: number, taxYear: number): Promise<ChildInfo[]> {
  return (
    await ctx.db
      .select()
      .from(advancedChildren)
      .where(where(advancedChildren, userId, taxYear))
      .orderBy(asc(advancedChildren.position))
  ).map((r) => ({
    firstName: r.firstName,
    lastName: r.lastName,
    birthDate: r.birthDate,
    disability: r.disability,
    schoolingInfo: r.schoolingInfo,
    alimony: r.alimony,
  }))
}

async function authorizationRow(ctx: AppContext, userId: number, taxYear: number) {
  return await first(
    ctx.db
      .select()
      .from(advancedAuthorization)
      .where(where(advancedAuthorization, userId, taxYear)),
  )
}

export async function authorizationOf(ctx: AppContext, userId: number, taxYear: number) {
  const r = await authorizationRow(ctx, userId, taxYear)
  if (!r) return null
  return {
    taxAddressEnabled: r.taxAddressEnabled,
    powerOfAttorneyEnabled: r.powerOfAttorneyEnabled,
    canton: r.canton,
    tinNumber: r.tinNumber,
    powerOfAttorneyAccepted: r.powerOfAttorneyAccepted,
    powerOfAttorneyAcceptedAt: r.acceptedAt ? new Date(r.acceptedAt).toISOString() : null,
    lastUpdated: new Date(r.updatedAt).toISOString(),
    taxYear,
  }
}

/** The canton code of the person's stored canton of residence, or null. */
export const profileCanton = async (ctx: AppContext, userId: number) => {
  const slug = (await profileOf(ctx, userId)).cantonOfResidence
  return slug ? (cantonBySlug(slug)?.code ?? null) : null
}

/** The 21 cards, completeness, recommendations and tabs from the stored profile (GET /api/tax-cards). */
export const taxCardsOf = async (ctx: AppContext, userId: number) => taxCardSummary(await profileOf(ctx, userId))

async function missingOf(ctx: AppContext, userId: number, taxYear: number) {
  return missingForCompletion({
    enabled: await enabledSections(ctx, userId, taxYear),
    hasSpouse: !!(await spouseOf(ctx, userId, taxYear)),
    childCount: (await childrenOf(ctx, userId, taxYear)).length,
    authorization: await authorizationOf(ctx, userId, taxYear),
  })
}

/** GET /api/advanced: the year's advanced information in one answer. */
export async function advancedInfo(ctx: AppContext, userId: number, taxYear: number) {
  const enabled = await enabledSections(ctx, userId, taxYear)
  const { counts, relevance } = await categoryState(ctx, userId, taxYear)
  const completion = await first(
    ctx.db
      .select()
      .from(advancedCompletion)
      .where(where(advancedCompletion, userId, taxYear)),
  )
  return {
    taxYear,
    sections: SECTIONS.map((s) => ({
      id: s.id,
      toggleKey: s.toggleKey,
      enabled: enabled[s.id],
      alwaysEnabled: s.alwaysEnabled,
      color: s.color,
      fileCount: s.countCategoryIds.reduce((n, id) => n + (counts.get(id) ?? 0), 0),
      categories: s.uploadCategoryIds.map((id) => ({
        id,
        fileCount: counts.get(id) ?? 0,
        isRelevant: relevance.get(id) ?? true,
      })),
    })),
    completed: !!completion,
    completedAt: completion ? new Date(completion.completedAt).toISOString() : null,
    missing: await missingOf(ctx, userId, taxYear),
    spouse: await spouseOf(ctx, userId, taxYear),
    children: await childrenOf(ctx, userId, taxYear),
    authorization: await authorizationOf(ctx, userId, taxYear),
    profileCanton: await profileCanton(ctx, userId),
    transmitted: isTransmitted((await yearStatus(ctx, userId, taxYear)).statusId),
    taxCards: await taxCardsOf(ctx, userId),
    /** The wizard's number of children: the children form starts with as many entries. */
    wizardChildren: (await profileOf(ctx, userId)).numberOfChildren ?? 0,
  }
}

/** A section's toggle. Authorization is always on: turning it off is a 400. */
export async function setSection(ctx: AppContext, userId: number, taxYear: number, section: string, enabled: boolean) {
  const def = sectionById(section)
  if (!def) throw badRequest(`Invalid field 'section': not an advanced section`, 'UNKNOWN_SECTION')
  if (def.alwaysEnabled && !enabled) throw badRequest('The authorization section is always on.', 'SECTION_ALWAYS_ON')
  await requireEditable(ctx, userId, taxYear)
  const now = ctx.now()
  await ctx.tx(() =>
    ctx.db
      .insert(advancedSections)
      .values({ userId, taxYear, section: def.id, enabled, updatedAt: now })
      .onConflictDoUpdate({
        target: [advancedSections.userId, advancedSections.taxYear, advancedSections.section],
        set: { enabled, updatedAt: now },
      }),
  )

  return { success: true, taxYear, section: def.id, enabled }
}

export async function saveSpouse(ctx: AppContext, userId: number, taxYear: number, input: Record<string, unknown>) {
  const r = validateSpouse(input, await profileCanton(ctx, userId))
  if ('error' in r) throw refuse(r.error)
  await requireEditable(ctx, userId, taxYear)
  const row = { ...r.ok, updatedAt: ctx.now() }
  await ctx.tx(() =>
    ctx.db
      .insert(advancedSpouse)
      .values({ userId, taxYear, ...row })
      .onConflictDoUpdate({ target: [advancedSpouse.userId, advancedSpouse.taxYear], set: row }),
  )

  return { success: true, taxYear, spouse: r.ok }
}

/** The whole list at once: the old rows go and the new ones come in one transaction. */
export async function saveChildren(ctx: AppContext, userId: number, taxYear: number, list: unknown) {
  const r = validateChildren(list, taxYear, new Date(ctx.now()).toISOString().slice(0, 10))
  if ('error' in r) throw refuse(r.error)
  await requireEditable(ctx, userId, taxYear)
  await ctx.tx(async () => {
    await ctx.db.delete(advancedChildren).where(where(advancedChildren, userId, taxYear))
    for (const [position, child] of r.ok.entries())
      await ctx.db.insert(advancedChildren).values({ userId, taxYear, position, ...child })
  })
  return { success: true, taxYear, children: r.ok }
}

export interface RequestMeta {
  ip: string | null
  userAgent: string | null
}

/**
 * Tax address and power of attorney. The acceptance's time, IP and user agent are recorded
 * when it is given, and again when the canton or the tax ID it was given for changes.
 */
export async function saveAuthorization(
  ctx: AppContext,
  userId: number,
  taxYear: number,
  input: AuthorizationInput,
  meta: RequestMeta,
) {
  const clean = { ...input, canton: input.canton.trim().toUpperCase(), tinNumber: input.tinNumber.trim() }
  const e = validateAuthorization(clean)
  if (e) throw refuse(e)
  await requireEditable(ctx, userId, taxYear)
  const before = await authorizationRow(ctx, userId, taxYear)
  const accepted = clean.powerOfAttorneyEnabled && clean.powerOfAttorneyAccepted
  const sameGrant =
    before?.powerOfAttorneyAccepted &&
    before.acceptedAt &&
    before.canton === clean.canton &&
    before.tinNumber === clean.tinNumber
  const now = ctx.now()
  const acceptance = !accepted
    ? { acceptedAt: null, acceptedIp: null, acceptedUserAgent: null }
    : sameGrant
      ? { acceptedAt: before.acceptedAt, acceptedIp: before.acceptedIp, acceptedUserAgent: before.acceptedUserAgent }
      : { acceptedAt: now, acceptedIp: meta.ip, acceptedUserAgent: meta.userAgent?.slice(0, 500) ?? null }
  const row = { ...clean, powerOfAttorneyAccepted: accepted, ...acceptance, updatedAt: now }
  await ctx.tx(async () => {
    await ctx.db
      .insert(advancedAuthorization)
      .values({ userId, taxYear, ...row })
      .onConflictDoUpdate({ target: [advancedAuthorization.userId, advancedAuthorization.taxYear], set: row })
    // The profile's flags say what this authorization holds (the profile is the users area's: it writes them).
    await recordAuthorizationFacts(ctx, userId, {
      hasPowerOfAttorney: accepted,
      hasTaxIdentificationNumber: clean.tinNumber !== '',
    })
  })
  return { success: true, taxYear, authorization: (await authorizationOf(ctx, userId, taxYear))! }
}

/** The stored acceptance record (for the experts and the tests; never sent to other users). */
export async function powerOfAttorneyRecord(ctx: AppContext, userId: number, taxYear: number) {
  const r = await authorizationRow(ctx, userId, taxYear)
  return r?.acceptedAt ? { acceptedAt: r.acceptedAt, ip: r.acceptedIp, userAgent: r.acceptedUserAgent } : null
}

const MISSING_TEXT = {
  spouse: 'the spouse information',
  children: 'at least one child',
  power_of_attorney: 'the accepted power of attorney with a valid tax ID',
} as const

/**
 * "Finish Section" and its undo. Completing is refused while an enabled section lacks its data;
 * undoing is refused once the year is transmitted. Completion is the flag transmit checks.
 */
export async function setCompletion(
  ctx: AppContext,
  actorId: number,
  userId: number,
  taxYear: number,
  completed: boolean,
) {
  requireFileableYear(ctx, taxYear)
  const transmitted = isTransmitted((await yearStatus(ctx, userId, taxYear)).statusId)
  if (completed) {
    if (!(await isAdvancedCompleted(ctx, userId, taxYear))) {
      if (transmitted)
        throw conflict(
          `The tax information for ${taxYear} has been transmitted and can no longer be changed.`,
          'YEAR_TRANSMITTED',
        )
      const missing = await missingOf(ctx, userId, taxYear)
      if (missing.length) {
        throw new ApiError(
          409,
          'ADVANCED_INCOMPLETE',
          `Still missing before the section can be finished: ${missing.map((m) => MISSING_TEXT[m]).join(', ')}.`,
        )
      }
      await ctx.tx(() =>
        ctx.db
          .insert(advancedCompletion)
          .values({ userId, taxYear, completedAt: ctx.now(), completedBy: actorId })
          .onConflictDoNothing(),
      )
    }
  } else {
    if (transmitted)
      throw conflict(
        `The tax information for ${taxYear} has been transmitted: its completion cannot be undone.`,
        'YEAR_TRANSMITTED',
      )
    await ctx.tx(() => ctx.db.delete(advancedCompletion).where(where(advancedCompletion, userId, taxYear)))
  }
  const done = await isAdvancedCompleted(ctx, userId, taxYear)
  return { success: true, taxYear, completed: done }
}

/**
 * What the status machine asks of the advanced completion (transmission needs it; a move back undoes it), answered
 * by this area: tax-status ranks below advanced, so it is handed this instead of importing it.
 */
export function advancedCompletionOf(ctx: AppContext): AdvancedCompletion {
  return {
    isCompleted: (userId, taxYear) => isAdvancedCompleted(ctx, userId, taxYear),
    setCompleted: (userId, taxYear, completed) => setCompletion(ctx, userId, userId, taxYear, completed),
  }
}
