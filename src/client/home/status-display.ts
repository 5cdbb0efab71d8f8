import { statusByName, TAX_STATUSES } from '../../shared/tax-status'
import type { YearView } from '../api/user'
import type { NotificationEntry } from '../api/notifications'

export type DisplayStatus = (typeof TAX_STATUSES)[number]

/**
 * The status the dashboard shows for the selected year (spec part 1 §4): the year
 * view's taxStatus. An answer for another year than the selected one is ignored,
 * and nothing known yet means profile_incomplete.
 */
export function displayStatus(year: number, view: Pick<YearView, 'taxYear' | 'taxStatus'> | undefined): DisplayStatus {
  return statusByName(view?.taxYear === year ? view.taxStatus : undefined) ?? TAX_STATUSES[0]
}

/** The expert's note on the status the client sees: its text and when it was written. */
export interface ExpertNote {
  text: string
  at: number
}

/**
 * The note an expert wrote with the year's latest status change (issue 25: it was only in the bell's list), as long
 * as that change is the status shown: a later move, with or without a note, replaces it. The server keeps the note
 * with the change's notification, the newest first.
 */
export function expertNote(
  notifications: readonly NotificationEntry[],
  year: number,
  status: DisplayStatus,
): ExpertNote | null {
  const latest = notifications.find(
    (n): n is Extract<NotificationEntry, { code: 'status_changed' }> =>
      n.code === 'status_changed' && n.params.year === year,
  )
  if (!latest || latest.params.status !== status.name) return null
  const text = latest.params.note?.trim() ?? ''
  return text && latest.createdAt !== null ? { text, at: latest.createdAt } : null
}
