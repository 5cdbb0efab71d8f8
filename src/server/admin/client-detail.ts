import type { AppContext } from '../context'
import { getUser, publicUser } from '../users/service'
import { profileOf } from '../users/profile'
import { latestDeclaration } from '../declarations/service'
import { taxStatusAnswer } from '../tax-status/service'
import { yearFlags } from '../tax-status/moves'
import { categoryList } from '../documents/categories'
import { categoryState } from '../documents/relevance'
import { fileHistory, listFiles } from '../documents/listing'
import { listOwnMessages } from '../messages/service'
import { advancedCompletionOf, advancedInfo, powerOfAttorneyRecord } from '../advanced/service'
import { ApiError } from '../http/errors'
import { offeredTaxYears } from '../../shared/tax-years'
import { yearStatements } from '../dossier/statements'
import { lateFilesOfYear } from '../documents/late'
import { namesOf } from '../users/service'

/** The year's documents after transmission, each with the moment and the expert (by name) that saw it first. */
async function lateFiles(ctx: AppContext, userId: number, taxYear: number) {
  const rows = await lateFilesOfYear(ctx, userId, taxYear)
  const experts = await namesOf(ctx, [...new Set(rows.flatMap((r) => (r.seenBy === null ? [] : [r.seenBy])))])
  return rows.map((r) => {
    const by = r.seenBy === null ? undefined : experts.get(r.seenBy)
    return { ...r, seenBy: by ? by.name || by.email : null }
  })
}

/** What an expert sees of a declaration on the client page: when and which groups, not the raw payload. */
async function declarationSummary(ctx: AppContext, userId: number, taxYear: number) {
  try {
    const d = await latestDeclaration(ctx, userId, taxYear)
    return { taxYear: d.taxYear, version: d.version, savedAt: d.savedAt, taxData: d.taxData }
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null
    throw err
  }
}

/**
 * One client for the expert's client page (GET /api/admin/users/:id): the person,
 * the profile and declaration, the status of each offered year, the year's
 * checklist, the advanced information with the power-of-attorney record, its
 * documents with their versions, and the conversation.
 * Every part comes from its own area's service.
 */
export async function clientDetail(
  ctx: AppContext,
  admin: { id: number; role: string },
  userId: number,
  taxYear: number,
) {
  const user = await getUser(ctx, userId)
  const language = (await getUser(ctx, admin.id)).language
  const viewer = { id: admin.id, role: admin.role, language }
  const years = [...new Set([taxYear, ...offeredTaxYears(new Date(ctx.now()))])].sort((a, b) => b - a)
  const files = await Promise.all(
    (await listFiles(ctx, userId, language, { taxYear, limit: 1000, offset: 0 })).map(async (f) => ({
      ...f,
      versions: await fileHistory(ctx, viewer, f.id),
    })),
  )
  return {
    user: { ...publicUser(user), createdAt: user.createdAt, lastLoginAt: user.lastLoginAt },
    profile: await profileOf(ctx, userId),
    declaration: await declarationSummary(ctx, userId, taxYear),
    taxYear,
    statuses: await Promise.all(
      years.map(async (y) => ({
        ...(await taxStatusAnswer(ctx, userId, y)),
        ...(await yearFlags(ctx, advancedCompletionOf(ctx), userId, y)),
      })),
    ),
    checklist: categoryList(language, 'all', await categoryState(ctx, userId, taxYear)),
    files,
    advanced: await advancedInfo(ctx, userId, taxYear),
    // The power-of-attorney acceptance as recorded on the server (time, address, agent).
    powerOfAttorney: await powerOfAttorneyRecord(ctx, userId, taxYear),
    messages: await listOwnMessages(ctx, userId),
    lateFiles: await lateFiles(ctx, userId, taxYear),
    // The year's e-Steuerauszüge and their sums (what goes into the list of securities and accounts).
    statements: await yearStatements(ctx, userId, taxYear),
  }
}
