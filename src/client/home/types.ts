import type { SessionUser } from '../store'
import type { TaxStatusName } from '../../shared/tax-status'

/** GET /api/user?taxYear=Y: the session user plus the tax view of that year. */
export interface HomeUser extends SessionUser {
  taxStatus: TaxStatusName
  taxStatusId: number
  taxYear: number
  taxYearStatuses: { taxYear: number; status: TaxStatusName; statusId: number }[]
  subscriptionPlan: string
}

/** GET /api/tax-status?taxYear=Y */
export interface TaxStatusRecord {
  current_status_id: number
  status: string
  taxYear: number
}

/** GET /api/tax-year-status/flags?taxYear=Y */
export interface YearFlags {
  taxYear: number
  advancedInfoCompleted: boolean
  transmitEnabled: boolean
  canTransmit: boolean
}
