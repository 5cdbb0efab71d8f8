import type { RelevanceAnswer } from './model'

/**
 * What the documents ask of the areas that read them, and tell them. Those areas
 * (tax-status, advanced) import documents, so documents cannot import them back:
 * src/server/wiring.ts implements this and app.ts hands it in. The status machine
 * decides; documents only report.
 */
export interface DocumentHooks {
  /** Throws (409) unless the user's documents of the year, in this category, may change now. */
  requireOpen(userId: number, taxYear: number, categoryId?: number): Promise<void>
  /**
   * Throws (409) unless a document may be added now. After transmission it may (issue 25: a forgotten document),
   * answered as `late`: it reaches the experts as new. Deleting and moving stay closed (requireOpen).
   */
  requireMayAdd(userId: number, taxYear: number, categoryId: number): Promise<{ late: boolean }>
  /** Files or not-relevant marks changed for (user, year); answers whether the status moved. */
  filesChanged(userId: number, taxYear: number): Promise<boolean>
  /** A named section toggle ('spouse', 'children') sent to the category call; undefined when the key names none. */
  toggleSection(userId: number, key: string, taxYear: unknown, enabled: boolean): Promise<RelevanceAnswer | undefined>
}
