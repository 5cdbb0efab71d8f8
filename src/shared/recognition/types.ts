import type { RecognisedFields } from './fields'
import type { DocLanguage } from './language'
import type { EStatementSummary } from './e-statement'

export type RecognitionStatus = 'pending' | 'done' | 'failed' | 'unsupported'

/** What the file list carries per file (the current version's recognition). */
export interface RecognitionSummary {
  status: RecognitionStatus
  categoryId: number | null
  confidence: number | null
  /** The category the file was in before the server moved it on its own ("I don't know the category"). */
  movedFrom: number | null
  /** The year the document is about, when found. */
  documentYear: number | null
  /** An e-Steuerauszug's figures, when the file is one read from its barcodes. */
  statement?: EStatementSummary | null
}

/** GET /api/files/:id/recognition */
export interface RecognitionAnswer extends RecognitionSummary {
  fileId: string
  version: number
  language: DocLanguage | null
  fields: RecognisedFields
  reason: string[]
  method: string | null
}

/**
 * The client suggests a move from this confidence on, and an "I don't know" upload moves on its own from
 * AUTO_MOVE_CONFIDENCE.
 */
export const SUGGEST_CONFIDENCE = 0.7
export const AUTO_MOVE_CONFIDENCE = 0.85
