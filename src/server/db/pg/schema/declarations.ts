// PostgreSQL twin of src/server/db/schema/declarations.ts.
import { pgTable, bigint, integer, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './users'

/**
 * The tax declarations the wizard saves (spec part 2 §3 "Tax declaration payload groups"):
 * every save adds a version, so earlier answers stay readable.
 */
export const declarations = pgTable(
  'declarations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    version: integer('version').notNull(),
    /** The payload groups as JSON. */
    data: text('data').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('declarations_user_year_version').on(t.userId, t.taxYear, t.version)],
)
