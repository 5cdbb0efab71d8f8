import { first } from '../db/query'
import { and, eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import { formDrafts } from '../db/schema'
import { badRequest } from '../http/errors'
import { PROFILE_FIELDS } from '../../shared/profile'
import { WIZARD_STEPS } from '../../shared/wizard'

/**
 * Unfinished forms kept on the server (issue 25): the tax-setup wizard's answers and step, written on each "Next",
 * and the registration's input, written before a legal page opens. The answers are kept as entered (only known
 * profile fields of plain types): the profile's rules apply when the wizard completes.
 */
export const DRAFT_KINDS = ['wizard', 'registration'] as const
export type DraftKind = (typeof DRAFT_KINDS)[number]
export type DraftValue = string | number | boolean | null | number[]

const REGISTRATION_FIELDS = new Set(['firstName', 'lastName', 'phone', 'countryCode'])
const MAX_TEXT = 500

function cleanAnswers(kind: DraftKind, input: unknown): Record<string, DraftValue> {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw badRequest(`Invalid field 'answers': expected an object of profile fields`)
  const out: Record<string, DraftValue> = {}
  for (const [field, value] of Object.entries(input)) {
    const known = kind === 'registration' ? REGISTRATION_FIELDS.has(field) : PROFILE_FIELDS.includes(field as never)
    if (!known) throw badRequest(`Invalid field 'answers.${field}': not a profile field`)
    const plain =
      value === null ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      (typeof value === 'string' && value.length <= MAX_TEXT) ||
      (Array.isArray(value) && value.length <= 20 && value.every((v) => Number.isInteger(v)))
    if (!plain) throw badRequest(`Invalid field 'answers.${field}': not a value this field can hold`)
    out[field] = value as DraftValue
  }
  return out
}

export function draftKind(raw: string): DraftKind {
  if (!(DRAFT_KINDS as readonly string[]).includes(raw))
    throw badRequest(`Invalid field 'kind': wizard or registration`)
  return raw as DraftKind
}

/** The stored draft, or null: { taxYear, step, answers, updatedAt }. */
export async function draftOf(ctx: AppContext, userId: number, kind: DraftKind) {
  const r = await first(
    ctx.db
      .select()
      .from(formDrafts)
      .where(and(eq(formDrafts.userId, userId), eq(formDrafts.kind, kind))),
  )
  if (!r) return null
  let answers: Record<string, DraftValue> = {}
  try {
    answers = JSON.parse(r.answers)
  } catch {
    /* an unreadable draft starts over */
  }
  return { kind, taxYear: r.taxYear, step: r.step, answers, updatedAt: new Date(r.updatedAt).toISOString() }
}

export async function saveDraft(
  ctx: AppContext,
  userId: number,
  kind: DraftKind,
  input: { taxYear?: number; step?: number; answers: unknown },
) {
  const answers = cleanAnswers(kind, input.answers)
  const step = kind === 'wizard' ? (input.step ?? 0) : 0
  if (!Number.isInteger(step) || step < 0 || step >= WIZARD_STEPS.length)
    throw badRequest(`Invalid field 'step': 0 to ${WIZARD_STEPS.length - 1}`)
  const taxYear = kind === 'wizard' ? (input.taxYear ?? 0) : 0
  const row = { taxYear, step, answers: JSON.stringify(answers), updatedAt: ctx.now() }
  await ctx.tx(() =>
    ctx.db
      .insert(formDrafts)
      .values({ userId, kind, ...row })
      .onConflictDoUpdate({ target: [formDrafts.userId, formDrafts.kind], set: row }),
  )
  return (await draftOf(ctx, userId, kind))!
}

/** The form is done (the wizard completed, the terms accepted): its draft goes. */
export async function deleteDraft(ctx: AppContext, userId: number, kind: DraftKind) {
  await ctx.tx(() => ctx.db.delete(formDrafts).where(and(eq(formDrafts.userId, userId), eq(formDrafts.kind, kind))))
}
