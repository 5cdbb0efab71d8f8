import { sqliteTable, integer, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { users } from './users'

/**
 * The tax declarations the wizard saves (spec part 2 §3 "Tax declaration payload groups"):
 * every save adds a version, so earlier answers stay readable.
 */
export const declarations = sqliteTable(
  'declarations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    version: integer('version').notNull(),
    /** The payload groups as JSON. */
    data: text('data').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('declarations_user_year_version').on(t.userId, t.taxYear, t.version)],
)
