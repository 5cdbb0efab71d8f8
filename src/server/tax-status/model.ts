import { t } from 'elysia'

/** GET /api/tax-status (spec part 1 §7). */
export const taxStatusSchema = t.Object({ current_status_id: t.Number(), status: t.String(), taxYear: t.Number() })

/** The moves answer with the status they left. */
export const moveSchema = t.Object({
  success: t.Boolean(),
  current_status_id: t.Number(),
  status: t.String(),
  taxYear: t.Number(),
})

/** The tax part of GET /api/user. */
export const taxViewProperties = {
  taxStatus: t.String(),
  taxStatusId: t.Number(),
  taxYear: t.Number(),
  taxYearStatuses: t.Array(t.Object({ taxYear: t.Number(), status: t.String(), statusId: t.Number() })),
}

/** GET/PUT /api/tax-year-status/flags. */
export const flagsSchema = t.Object({
  taxYear: t.Number(),
  advancedInfoCompleted: t.Boolean(),
  transmitEnabled: t.Boolean(),
  canTransmit: t.Boolean(),
})
