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

/** One item of GET /api/notifications: title, description and actionText are i18n keys. */
export interface NotificationItem {
  id: string
  title: string
  description: string
  params: Record<string, string | number>
  category: string
  priority: 'low' | 'medium' | 'high'
  actionUrl: string | null
  actionText: string | null
  read: boolean
  createdAt: number | null
}
