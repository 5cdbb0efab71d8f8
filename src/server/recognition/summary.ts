import { inArray } from 'drizzle-orm'
import type { AppContext } from '../context'
import { recognitions } from '../db/schema'
import type { RecognitionStatus, RecognitionSummary } from '../../shared/recognition/types'

export type RecognitionRow = typeof recognitions.$inferSelect

export const summaryOf = (r: RecognitionRow): RecognitionSummary => ({
  status: r.status as RecognitionStatus,
  categoryId: r.categoryId,
  confidence: r.confidence,
  movedFrom: r.movedFrom,
  documentYear: r.documentYear,
})

/** Recognition per version id, for the file list (one query for the page). */
export function recognitionSummaries(ctx: AppContext, versionIds: string[]): Map<string, RecognitionSummary> {
  const out = new Map<string, RecognitionSummary>()
  for (let i = 0; i < versionIds.length; i += 500) {
    const rows = ctx.db
      .select()
      .from(recognitions)
      .where(inArray(recognitions.versionId, versionIds.slice(i, i + 500)))
      .all()
    for (const r of rows) out.set(r.versionId, summaryOf(r))
  }
  return out
}
