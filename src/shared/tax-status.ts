/** The six statuses of a tax year (spec part 1 §4, docs/statuses.md). */
export const TAX_STATUSES = [
  { id: 1, name: 'profile_incomplete', label: 'Initial', percent: 16.67 },
  { id: 2, name: 'documents_pending', label: 'Tax Profil', percent: 33.33 },
  { id: 3, name: 'documents_submitted', label: 'Documents', percent: 50 },
  { id: 4, name: 'processing', label: 'Transmitted', percent: 66.67 },
  { id: 5, name: 'review_required', label: 'Reviewed', percent: 83.33 },
  { id: 6, name: 'completed', label: 'Completed', percent: 100 },
] as const

export type TaxStatusId = (typeof TAX_STATUSES)[number]['id']
export type TaxStatusName = (typeof TAX_STATUSES)[number]['name']

/** Categories that must each have a file, or be marked not relevant, for 2→3. */
export const REQUIRED_CATEGORY_IDS = [1, 2, 3, 4, 5, 21] as const

/** An unknown or missing id means profile_incomplete. */
export function statusById(id: unknown) {
  return TAX_STATUSES.find((s) => s.id === id) ?? TAX_STATUSES[0]
}
export function statusByName(name: unknown) {
  return TAX_STATUSES.find((s) => s.name === name)
}

export const isTaxStatusId = (id: unknown): id is TaxStatusId => TAX_STATUSES.some((s) => s.id === id)

/** From status 4 (processing) the year's documents are with the experts: no more uploads, deletes or marks. */
export const isTransmitted = (statusId: number) => statusId >= 4

/** Transmitting (3→4) is possible at status 3 once the advanced information is marked complete (docs/statuses.md). */
export const mayTransmit = (statusId: number, advancedInfoCompleted: boolean) => statusId === 3 && advancedInfoCompleted

/** The experts' status tracker (spec part 2 §4): its own percentages per status. */
export const TRACKER_PERCENT: Record<TaxStatusId, number> = { 1: 16, 2: 32, 3: 48, 4: 64, 5: 82, 6: 100 }

/** The admin controls' Next: one step forward; from the last, an unknown or no status, wraps to the first. */
export function nextStatusId(current: number | null | undefined): TaxStatusId {
  return isTaxStatusId(current) && current < 6 ? ((current + 1) as TaxStatusId) : 1
}

/** The admin controls' Previous: one step back; from the first or no status, to the last. */
export function previousStatusId(current: number | null | undefined): TaxStatusId {
  return isTaxStatusId(current) && current > 1 ? ((current - 1) as TaxStatusId) : 6
}
