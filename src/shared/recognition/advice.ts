import { AUTO_MOVE_CONFIDENCE, SUGGEST_CONFIDENCE, type RecognitionAnswer } from './types'

/**
 * What the app tells the person after an upload, from the server's recognition
 * (docs/recognition.md): a move to suggest, a move the server made on its own, and whether
 * the document is about another year than the one selected.
 */
export type Advice =
  | { kind: 'suggest'; categoryId: number }
  | { kind: 'auto_moved'; categoryId: number }
  | { kind: 'auto_unsure' }
  | { kind: 'none' }

/**
 * Categories that hold the same kind of document as one the classifier names: a salary
 * statement filed under the spouse's, interest statements under investments, foreign
 * bank statements. No move is suggested between these.
 */
const SAME_KIND: Record<number, number> = { 30: 1, 17: 1, 26: 2, 11: 2, 18: 2, 29: 3, 27: 4, 28: 5, 12: 10 }
export const sameKind = (a: number, b: number) => (SAME_KIND[a] ?? a) === (SAME_KIND[b] ?? b)

export function adviceFor(answer: RecognitionAnswer, upload: { categoryId: number; auto: boolean }): Advice {
  if (answer.status !== 'done' || answer.categoryId === null)
    return upload.auto ? { kind: 'auto_unsure' } : { kind: 'none' }
  if (upload.auto) {
    return answer.movedFrom !== null && (answer.confidence ?? 0) >= AUTO_MOVE_CONFIDENCE
      ? { kind: 'auto_moved', categoryId: answer.categoryId }
      : { kind: 'auto_unsure' }
  }
  if (!sameKind(answer.categoryId, upload.categoryId) && (answer.confidence ?? 0) >= SUGGEST_CONFIDENCE)
    return { kind: 'suggest', categoryId: answer.categoryId }
  return { kind: 'none' }
}

/** The year the document is about, when it differs from the year it was filed under. */
export const otherYear = (answer: RecognitionAnswer, taxYear: number): number | null =>
  answer.documentYear !== null && answer.documentYear !== taxYear ? answer.documentYear : null
