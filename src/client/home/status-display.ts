import { statusByName, TAX_STATUSES } from '../../shared/tax-status'
import type { YearView } from '../api/user'

export type DisplayStatus = (typeof TAX_STATUSES)[number]

/**
 * The status the dashboard shows for the selected year (spec part 1 §4): the year
 * view's taxStatus. An answer for another year than the selected one is ignored,
 * and nothing known yet means profile_incomplete.
 */
export function displayStatus(year: number, view: Pick<YearView, 'taxYear' | 'taxStatus'> | undefined): DisplayStatus {
  return statusByName(view?.taxYear === year ? view.taxStatus : undefined) ?? TAX_STATUSES[0]
}
