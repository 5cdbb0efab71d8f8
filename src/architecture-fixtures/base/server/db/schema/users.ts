import { sqliteTable } from 'drizzle-orm/sqlite-core'

export const users = sqliteTable('users', {})
