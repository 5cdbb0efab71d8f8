import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core'

/**
 * swisstopo's Ortschaftenverzeichnis, loaded by `swisstax data import-localities FILE`.
 * When it has rows the address lookup uses it instead of the embedded 2018 list.
 * One postal code can appear for several municipalities and cantons.
 */
export const localities = sqliteTable(
  'localities',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postalCode: text('postal_code').notNull(),
    locality: text('locality').notNull(),
    municipality: text('municipality').notNull(),
    bfsNumber: integer('bfs_number'),
    canton: text('canton').notNull(),
  },
  (t) => [index('localities_postal_code').on(t.postalCode), index('localities_locality').on(t.locality)],
)
