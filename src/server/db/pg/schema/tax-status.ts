// PostgreSQL twin of src/server/db/schema/tax-status.ts.
import { pgTable, bigint, integer, boolean, index, primaryKey } from 'drizzle-orm/pg-core'
import { users } from './users'

/**
 * Status of one user's tax year (docs/statuses.md), with the transmit flag the old client
 * kept in local storage. The advanced information's completion is the advanced area's
 * (advanced_completion).
 */
export const taxYearStatus = pgTable(
  'tax_year_status',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    statusId: bigint('status_id', { mode: 'number' }).notNull().default(1),
    transmitEnabled: boolean('transmit_enabled').notNull().default(false),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.taxYear] }),
    // Covering for the experts' list filtered by year and status: the user ids come from the index alone.
    index('tax_year_status_year_status').on(t.taxYear, t.statusId, t.userId),
  ],
)
