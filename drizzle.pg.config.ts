import { defineConfig } from 'drizzle-kit'

// The PostgreSQL tree (src/server/db/pg/schema) and its migrations; drizzle.config.ts is SQLite's.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/pg/schema/index.ts',
  out: './src/server/db/pg/migrations',
})
