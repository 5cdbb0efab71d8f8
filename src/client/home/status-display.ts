import { statusById, statusByName, TAX_STATUSES } from '../../shared/tax-status'
import type { HomeUser, TaxStatusRecord } from './types'

export type DisplayStatus = (typeof TAX_STATUSES)[number]

/**
 * The status the dashboard shows for the selected year (spec part 1 §4 display
 * priority): the user's taxStatus first, then the status record's name, then its
 * numeric id. Answers for another year than the selected one are ignored, and
 * nothing known yet means profile_incomplete.
 */
export function displayStatus(year: number, user: HomeUser | null, record: TaxStatusRecord | null): DisplayStatus {
  const u = user?.taxYear === year ? user : null
  const r = record?.taxYear === year ? record : null
  return statusByName(u?.taxStatus) ?? statusByName(r?.status) ?? statusById(r?.current_status_id)
}

/** Badge text of the bell: the count, '9+' above 9, nothing at 0. */
export const badgeText = (unread: number) => (unread <= 0 ? '' : unread > 9 ? '9+' : String(unread))
