import { inArray } from 'drizzle-orm'
import type { AppContext } from '../context'
import { recognitions } from '../db/schema'
import type { RecognitionStatus, RecognitionSummary } from '../../shared/recognition/types'
import { summarizeStatement, type EStatementSummary } from '../../shared/recognition/e-statement'
import type { RecognisedFields } from '../../shared/recognition/fields'

export type RecognitionRow = typeof recognitions.$inferSelect

/** The columns of a recognition that the file list shows. */
export type SummaryColumns = Pick<
  RecognitionRow,
  'status' | 'categoryId' | 'confidence' | 'movedFrom' | 'documentYear' | 'method' | 'fields'
>

export const summaryOf = (r: SummaryColumns): RecognitionSummary => ({
  status: r.status as RecognitionStatus,
  categoryId: r.categoryId,
  confidence: r.confidence,
  movedFrom: r.movedFrom,
  documentYear: r.documentYear,
  ...withStatement(r),
})

const withStatement = (r: SummaryColumns) => {
  const statement = statementSummary(r)
  return statement ? { statement } : {}
}

/** The figures the file list shows of an e-Steuerauszug; the fields are parsed only for those. */
function statementSummary(r: SummaryColumns): EStatementSummary | null {
  if (r.method !== 'e-statement' || !r.fields) return null
  const s = (JSON.parse(r.fields) as RecognisedFields).statement
  return s ? summarizeStatement(s) : null
}

/** The recognition rows of these versions, 500 ids to a query (SQLite's limit on bound parameters is near). */
async function rowsOf(ctx: AppContext, versionIds: string[]): Promise<RecognitionRow[]> {
  const rows: RecognitionRow[] = []
  for (let i = 0; i < versionIds.length; i += 500)
    rows.push(
      ...(await ctx.db
        .select()
        .from(recognitions)
        .where(inArray(recognitions.versionId, versionIds.slice(i, i + 500)))),
    )
  return rows
}

/** The elements of a JSON array bound as one text parameter, as a one-column subquery (the dialects differ). */
const jsonArrayElements = (ctx: AppContext) =>
  ctx.backend.dialect === 'sqlite' ? 'SELECT value FROM json_each(?)' : 'SELECT json_array_elements_text(?::json)'

/**
 * Recognition per version id, for the file list: one statement of fixed text whatever the page's length (the ids
 * as one JSON array), so bun:sqlite keeps it compiled (issue 28). Versions not read are absent.
 */
export async function recognitionSummaries(
  ctx: AppContext,
  versionIds: string[],
): Promise<Map<string, RecognitionSummary>> {
  if (!versionIds.length) return new Map()
  const rows = await ctx.backend.all<SummaryColumns & { versionId: string }>(
    'SELECT version_id AS "versionId", status, category_id AS "categoryId", confidence, moved_from AS "movedFrom", ' +
      `document_year AS "documentYear", method, fields FROM recognitions ` +
      `WHERE version_id IN (${jsonArrayElements(ctx)})`,
    JSON.stringify(versionIds),
  )
  return new Map(rows.map((r) => [r.versionId, summaryOf(r)]))
}

/** What was read from each version (category, fields), for the expert's dossier; versions not read are absent. */
export async function recognisedFields(ctx: AppContext, versionIds: string[]): Promise<Map<string, RecognisedVersion>> {
  return new Map(
    (await rowsOf(ctx, versionIds))
      .filter((r) => r.status === 'done')
      .map((r) => [r.versionId, { categoryId: r.categoryId, fields: r.fields ? JSON.parse(r.fields) : {} }]),
  )
}
export interface RecognisedVersion {
  categoryId: number | null
  fields: RecognisedFields & { statement?: unknown }
}
