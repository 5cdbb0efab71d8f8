import { sqliteTable, integer, primaryKey, index } from 'drizzle-orm/sqlite-core'
import { users } from './auth'

/**
 * Status of one user's tax year (DESIGN.md §7), with the flags the old client
 * kept in local storage: advanced info completed, transmit enabled.
 */
export const taxYearStatus = sqliteTable('tax_year_status', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  taxYear: integer('tax_year').notNull(),
  statusId: integer('status_id').notNull().default(1),
  advancedInfoCompleted: integer('advanced_info_completed', { mode: 'boolean' }).notNull().default(false),
  transmitEnabled: integer('transmit_enabled', { mode: 'boolean' }).notNull().default(false),
  updatedAt: integer('updated_at').notNull(),
  updatedBy: integer('updated_by'),
}, (t) => [primaryKey({ columns: [t.userId, t.taxYear] }), index('tax_year_status_year_status').on(t.taxYear, t.statusId)])
