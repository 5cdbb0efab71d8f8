import { first } from '../db/query'
import { count, eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import { profiles, users } from '../db/schema'
import { badRequest, conflict, forbidden, notFound } from '../http/errors'
import { audit } from '../infra/audit'
import type { RequestContext } from '../infra/request-context'
import {
  DEFAULT_COUNTRY_CODE,
  DEFAULT_PLAN,
  hasRegistrationFields,
  PROFILE_FIELDS,
  SUBSCRIPTION_PLANS,
  validateProfile,
  type profileReminders,
} from '../../shared/profile'
import { firstMissingWizardField } from '../../shared/wizard'
import { deleteDraft } from './drafts'

type ProfileRow = typeof profiles.$inferSelect
/** Fields that live on `users` (first-time registration); the rest are on `profiles`. */
const USER_FIELDS = new Set(['firstName', 'lastName', 'phone', 'countryCode'])

async function profileRow(ctx: AppContext, userId: number): Promise<ProfileRow | undefined> {
  return await first(ctx.db.select().from(profiles).where(eq(profiles.userId, userId)))
}

function parseAges(text: string | null | undefined): number[] {
  if (!text) return []
  try {
    const v = JSON.parse(text)
    return Array.isArray(v) ? v.filter((a) => Number.isInteger(a)) : []
  } catch {
    return []
  }
}

/**
 * Every profile field of spec part 2 §3 as GET /api/user answers it: `name` joined from first
 * and last name, countryCode defaulting to +41, the plan, and null for what was never filled.
 */
export async function profileOf(ctx: AppContext, userId: number) {
  const u = await first(ctx.db.select().from(users).where(eq(users.id, userId)))
  if (!u) throw notFound('User not found')
  const p = await profileRow(ctx, userId)
  return {
    name: [u.firstName, u.lastName].filter((s) => s?.trim()).join(' '),
    firstName: u.firstName ?? '',
    lastName: u.lastName ?? '',
    phone: u.phone ?? '',
    countryCode: u.countryCode || DEFAULT_COUNTRY_CODE,
    salutation: p?.salutation ?? null,
    dateOfBirth: p?.dateOfBirth ?? null,
    religion: p?.religion ?? null,
    jobName: p?.jobName ?? null,
    occupation: p?.jobName ?? null,
    taxAddress: p?.taxAddress ?? null,
    cantonOfResidence: p?.cantonOfResidence ?? null,
    street: p?.street ?? null,
    zipCode: p?.zipCode ?? null,
    city: p?.city ?? null,
    gemeinde: p?.gemeinde ?? null,
    movedDuringYear: p?.movedDuringYear ?? null,
    housingSituation: p?.housingSituation ?? null,
    isFirefighter: p?.isFirefighter ?? null,
    maritalStatus: p?.maritalStatus ?? null,
    propertyOwner: p?.propertyOwner ?? null,
    numberOfProperties: p?.numberOfProperties ?? null,
    propertyCountry: p?.propertyCountry ?? null,
    propertyUse: p?.propertyUse ?? null,
    hasChildren: p?.hasChildren ?? null,
    numberOfChildren: p?.numberOfChildren ?? null,
    childrenAges: parseAges(p?.childrenAges),
    hasInvestments: p?.hasInvestments ?? null,
    hasForeignIncome: p?.hasForeignIncome ?? null,
    isDisabled: p?.isDisabled ?? null,
    receivesAHVIV: p?.receivesAHVIV ?? null,
    hasTaxIdentificationNumber: p?.hasTaxIdentificationNumber ?? null,
    hasPowerOfAttorney: p?.hasPowerOfAttorney ?? null,
    employmentType: p?.employmentType ?? null,
    paysAlimony: p?.paysAlimony ?? null,
    alimonyAmount: p?.alimonyAmount ?? null,
    alimonyDuration: p?.alimonyDuration ?? null,
    hasPillar3a: p?.hasPillar3a ?? null,
    hasPension: p?.hasPension ?? null,
    taxationLevel: p?.taxationLevel ?? null,
    subscriptionPlan: p?.subscriptionPlan ?? DEFAULT_PLAN,
    isTaxProfileComplete: p?.isTaxProfileComplete ?? false,
    gtcAcceptedAt: p?.gtcAcceptedAt ? new Date(p.gtcAcceptedAt).toISOString() : null,
  }
}
export type Profile = Awaited<ReturnType<typeof profileOf>>

/** Inserts the user's profile row when there is none yet, so updates can be plain UPDATEs. */
async function ensureProfileRow(ctx: AppContext, userId: number) {
  await ctx.tx(() => ctx.db.insert(profiles).values({ userId, updatedAt: ctx.now() }).onConflictDoNothing())
}

/**
 * PUT /api/user/profile: validates the fields sent (the shared rules), refuses a plan change
 * (admins set plans through their own route), and writes users + profiles in one transaction.
 * First name, last name and phone must be filled after the update: sent ones are checked
 * as sent, missing ones must already be stored.
 */
export async function updateProfile(ctx: AppContext, userId: number, input: Record<string, unknown>) {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw badRequest('The profile must be a JSON object')
  const current = await profileOf(ctx, userId)
  if (Object.hasOwn(input, 'subscriptionPlan') && input.subscriptionPlan !== current.subscriptionPlan) {
    throw forbidden('The subscription plan cannot be changed on the profile screen.', 'PLAN_ADMIN_ONLY')
  }
  const merged: Record<string, unknown> = { ...input }
  for (const f of ['firstName', 'lastName', 'phone'] as const) if (!Object.hasOwn(input, f)) merged[f] = current[f]
  if (typeof merged.firstName === 'string') merged.firstName = merged.firstName.trim()
  if (typeof merged.lastName === 'string') merged.lastName = merged.lastName.trim()
  const refused = validateProfile(merged, new Date(ctx.now()))
  if (refused)
    throw badRequest(
      refused.message,
      refused.field === 'firstName' || refused.field === 'lastName' || refused.field === 'phone'
        ? `INVALID_${refused.field.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`
        : 'INVALID_INPUT',
    )

  const userSet: Record<string, unknown> = {}
  const profileSet: Record<string, unknown> = {}
  for (const f of PROFILE_FIELDS) {
    if (!Object.hasOwn(merged, f) || merged[f] === undefined) continue
    const v = f === 'childrenAges' ? (merged[f] === null ? null : JSON.stringify(merged[f])) : merged[f]
    if (USER_FIELDS.has(f)) userSet[f] = v
    else profileSet[f] = v
  }
  await ctx.tx(async () => {
    if (Object.keys(userSet).length) await ctx.db.update(users).set(userSet).where(eq(users.id, userId))
    await ensureProfileRow(ctx, userId)
    await ctx.db
      .update(profiles)
      .set({ ...profileSet, updatedAt: ctx.now() })
      .where(eq(profiles.userId, userId))
  })
  return await profileOf(ctx, userId)
}

/**
 * The profile's two facts that the advanced information's authorization decides (issue 25: they stayed false after
 * both were saved): whether the person gave the power of attorney and whether they gave a tax ID. Written by the
 * advanced area when an authorization is saved, the latest one saved counting.
 */
export async function recordAuthorizationFacts(
  ctx: AppContext,
  userId: number,
  facts: { hasPowerOfAttorney: boolean; hasTaxIdentificationNumber: boolean },
) {
  await ctx.tx(async () => {
    await ensureProfileRow(ctx, userId)
    await ctx.db
      .update(profiles)
      .set({ ...facts, updatedAt: ctx.now() })
      .where(eq(profiles.userId, userId))
  })
}

/** PUT /api/admin/users/:id/plan: only admins choose a plan (basic or premium). */
export async function setSubscriptionPlan(ctx: AppContext, rc: RequestContext, userId: number, plan: string) {
  if (!(SUBSCRIPTION_PLANS as readonly string[]).includes(plan))
    throw badRequest(`Invalid field 'subscriptionPlan': must be basic or premium`)
  if (!(await first(ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)))))
    throw notFound('User not found')
  await ctx.tx(async () => {
    await ensureProfileRow(ctx, userId)
    await ctx.db
      .update(profiles)
      .set({ subscriptionPlan: plan, updatedAt: ctx.now() })
      .where(eq(profiles.userId, userId))
  })
  await audit(ctx, rc, 'admin_set_plan', { userId, plan }, { target: { userId } })
  return await profileOf(ctx, userId)
}

/**
 * POST /api/gtc/accept: the time, user agent and address as the server sees them.
 * As on the registration screen, the terms come after the name and phone are stored.
 */
export async function acceptTerms(ctx: AppContext, rc: RequestContext) {
  const { ip, userAgent } = rc
  const userId = rc.user.id
  const u = await first(ctx.db.select().from(users).where(eq(users.id, userId)))
  if (!u || !hasRegistrationFields(u)) {
    throw conflict(
      'Please enter your first name, last name and phone number before accepting the terms.',
      'REGISTRATION_INCOMPLETE',
    )
  }
  const at = ctx.now()
  await ctx.tx(async () => {
    await ensureProfileRow(ctx, userId)
    await ctx.db
      .update(profiles)
      .set({ gtcAcceptedAt: at, gtcUserAgent: userAgent, gtcIp: ip, updatedAt: at })
      .where(eq(profiles.userId, userId))
    // Registered: the input kept while a legal page was open is no longer needed.
    await deleteDraft(ctx, userId, 'registration')
  })
  return { accepted: true, acceptedAt: new Date(at).toISOString(), ipAddress: ip, userAgent }
}

/**
 * Marks the tax profile complete, the stored side of the 1→2 move (tax-status calls it
 * inside its transaction): refused with 409 while the wizard's rule (src/shared/wizard.ts)
 * still finds a required field missing.
 */
export async function markTaxProfileComplete(ctx: AppContext, userId: number) {
  const missing = firstMissingWizardField(await profileOf(ctx, userId))
  if (missing) throw conflict(`Complete your tax profile first: '${missing}' is missing.`, 'TAX_PROFILE_INCOMPLETE')
  await ctx.tx(() =>
    ctx.db
      .update(profiles)
      .set({ isTaxProfileComplete: true, updatedAt: ctx.now() })
      .where(eq(profiles.userId, userId)),
  )
}

type ReminderRow = {
  firstName: string | null
  lastName: string | null
  phone: string | null
  street: string | null
  city: string | null
  complete: number | boolean | null
}

/**
 * What the profile reminders look at, in one prepared query: the notifications poll asks on every call.
 * None for experts: they are never asked to fill in a client's profile (docs/experts.md).
 */
export async function reminderFieldsOf(
  ctx: AppContext,
  userId: number,
): Promise<Parameters<typeof profileReminders>[0] | null> {
  const r = await ctx.backend.get<ReminderRow>(
    `SELECT u.first_name AS "firstName", u.last_name AS "lastName", u.phone AS phone, p.street AS street,
            p.city AS city, p.is_tax_profile_complete AS complete
       FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = ? AND u.role = 'user'`,
    userId,
  )
  return (
    (r && {
      firstName: r.firstName,
      lastName: r.lastName,
      phone: r.phone,
      street: r.street,
      city: r.city,
      isTaxProfileComplete: Boolean(r.complete),
    }) ??
    null
  )
}

/**
 * "Reset to First-Time Login" (spec part 2 §2), the users' side: the registration
 * (name, phone), every profile answer and the terms acceptance are cleared, so the
 * next sign-in starts with first-time registration. The plan an expert chose stays.
 */
export async function resetRegistration(ctx: AppContext, userId: number) {
  const plan = (await profileRow(ctx, userId))?.subscriptionPlan ?? DEFAULT_PLAN
  await ctx.tx(() =>
    ctx.db
      .update(users)
      .set({ firstName: null, lastName: null, phone: null, countryCode: DEFAULT_COUNTRY_CODE })
      .where(eq(users.id, userId)),
  )

  await ctx.tx(() => ctx.db.delete(profiles).where(eq(profiles.userId, userId)))
  await ctx.tx(() => ctx.db.insert(profiles).values({ userId, subscriptionPlan: plan, updatedAt: ctx.now() }))
}

/** The debug panel's tax-profile-complete toggle (spec part 1 §6), for experts. */
export async function setTaxProfileComplete(ctx: AppContext, userId: number, complete: boolean) {
  await ctx.tx(async () => {
    await ensureProfileRow(ctx, userId)
    await ctx.db
      .update(profiles)
      .set({ isTaxProfileComplete: complete, updatedAt: ctx.now() })
      .where(eq(profiles.userId, userId))
  })
  return { userId, isTaxProfileComplete: complete }
}

/** How many profiles have the tax-profile-complete flag (the debug panel's database status). */
export const countTaxProfilesComplete = async (ctx: AppContext): Promise<number> =>
  (await first(ctx.db.select({ n: count() }).from(profiles).where(eq(profiles.isTaxProfileComplete, true))))?.n ?? 0
