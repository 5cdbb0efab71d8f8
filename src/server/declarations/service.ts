import { first } from '../db/query'
import { and, desc, eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import { declarations } from '../db/schema'
import { badRequest, notFound } from '../http/errors'
import { requireFileableYear } from '../tax-status/service'
import { audit } from '../infra/audit'
import type { RequestContext } from '../infra/request-context'
import { DECLARATION_FIELDS } from '../../shared/declaration'
import type { DeclarationData } from './model'

/** The payload groups of spec part 2 §3; anything else in taxData is refused. */
const DECLARATION_GROUPS = Object.keys(DECLARATION_FIELDS) as (keyof typeof DECLARATION_FIELDS)[]

/** A group's value: text, a number, true/false, null, or (the children's ages) a list of numbers. */
const isPlainValue = (v: unknown) =>
  v === null ||
  typeof v === 'string' ||
  typeof v === 'boolean' ||
  (typeof v === 'number' && Number.isFinite(v)) ||
  (Array.isArray(v) && v.length <= 50 && v.every((a) => typeof a === 'number' && Number.isFinite(a)))
/** A declaration is a few KB; this leaves room without letting a client fill the disk. */
const MAX_DECLARATION_BYTES = 64 * 1024

/**
 * Stores a new version of the user's declaration for the year. The metadata's userId and
 * taxYear are the server's, whatever the client wrote there.
 */
export async function saveDeclaration(
  ctx: AppContext,
  userId: number,
  taxYear: number,
  taxData: Record<string, unknown>,
) {
  requireFileableYear(ctx, taxYear)
  for (const key of Object.keys(taxData)) {
    if (!(DECLARATION_GROUPS as readonly string[]).includes(key))
      throw badRequest(`Invalid field 'taxData.${key}': not a declaration group`)
    const group = taxData[key]
    if (typeof group !== 'object' || group === null || Array.isArray(group))
      throw badRequest(`Invalid field 'taxData.${key}': expected an object`)
    const fields: readonly string[] = DECLARATION_FIELDS[key as keyof typeof DECLARATION_FIELDS]
    for (const [field, value] of Object.entries(group)) {
      if (!fields.includes(field)) throw badRequest(`Invalid field 'taxData.${key}.${field}': not a field of ${key}`)
      if (!isPlainValue(value))
        throw badRequest(`Invalid field 'taxData.${key}.${field}': expected text, a number, true/false or null`)
    }
  }
  const now = ctx.now()
  const metadata = { ...(taxData.metadata as Record<string, unknown> | undefined), userId, taxYear }
  const data = JSON.stringify({ ...taxData, metadata })
  if (Buffer.byteLength(data) > MAX_DECLARATION_BYTES)
    throw badRequest(`Invalid field 'taxData': larger than ${MAX_DECLARATION_BYTES / 1024} KB`)
  return await ctx.tx(async () => {
    const last = await latestRow(ctx, userId, taxYear)
    const version = (last?.version ?? 0) + 1
    await ctx.db.insert(declarations).values({ userId, taxYear, version, data, createdAt: now })
    return { success: true, taxYear, version, savedAt: new Date(now).toISOString() }
  })
}

async function latestRow(ctx: AppContext, userId: number, taxYear: number) {
  return await first(
    ctx.db
      .select()
      .from(declarations)
      .where(and(eq(declarations.userId, userId), eq(declarations.taxYear, taxYear)))
      .orderBy(desc(declarations.version)),
  )
}

export const declarationNotFound = (taxYear: number) =>
  notFound(`No tax declaration saved for ${taxYear}`, 'DECLARATION_NOT_FOUND')

/** The latest version, or 404 (also when it is someone else's: it is never visible to them). */
export async function latestDeclaration(ctx: AppContext, userId: number, taxYear: number) {
  const row = await latestRow(ctx, userId, taxYear)
  if (!row) throw declarationNotFound(taxYear)
  return {
    taxYear: row.taxYear,
    version: row.version,
    savedAt: new Date(row.createdAt).toISOString(),
    // Stored only after saveDeclaration checked every group and field.
    taxData: JSON.parse(row.data) as DeclarationData,
  }
}

/** The latest version for the JSON download; an expert downloading another user's is audited. */
export async function exportDeclaration(ctx: AppContext, rc: RequestContext, userId: number, taxYear: number) {
  const latest = await latestDeclaration(ctx, userId, taxYear)
  if (userId !== rc.user.id) await audit(ctx, rc, 'admin_download_declaration', { userId, taxYear })
  return latest
}
