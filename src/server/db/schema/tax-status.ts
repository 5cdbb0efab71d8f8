import { sqliteTable, integer, primaryKey, index } from 'drizzle-orm/sqlite-core'
import { users } from './users'

/**
 * Status of one user's tax year (docs/statuses.md), with the transmit flag the old client
 * kept in local storage. The advanced information's completion is the advanced area's
 * (advanced_completion).
 */
export const taxYearStatus = sqliteTable(
  'tax_year_status',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    statusId: integer('status_id').notNull().default(1),
    transmitEnabled: integer('transmit_enabled', { mode: 'boolean' }).notNull().default(false),
    updatedAt: integer('updated_at').notNull(),
    updatedBy: integer('updated_by'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.taxYear] }),
    // Covering for the experts' list filtered by year and status: the user ids come from the index alone.
    index('tax_year_status_year_status').on(t.taxYear, t.statusId, t.userId),
  ],
)
