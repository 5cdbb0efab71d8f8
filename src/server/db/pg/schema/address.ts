// PostgreSQL twin of src/server/db/schema/address.ts.
import { pgTable, bigint, integer, text, index } from 'drizzle-orm/pg-core'

/**
 * swisstopo's Ortschaftenverzeichnis, loaded by `swisstax data import-localities FILE`.
 * When it has rows the address lookup uses it instead of the embedded 2018 list.
 * One postal code can appear for several municipalities and cantons.
 */
export const localities = pgTable(
  'localities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    postalCode: text('postal_code').notNull(),
    locality: text('locality').notNull(),
    municipality: text('municipality').notNull(),
    bfsNumber: integer('bfs_number'),
    canton: text('canton').notNull(),
  },
  (t) => [index('localities_postal_code').on(t.postalCode), index('localities_locality').on(t.locality)],
)
