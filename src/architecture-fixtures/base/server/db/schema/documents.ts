import { sqliteTable } from 'drizzle-orm/sqlite-core'

export const files = sqliteTable(
  'files',
  {},
)
