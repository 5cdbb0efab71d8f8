import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/server/db/schema/tables.ts',
  out: './src/server/db/migrations',
})
