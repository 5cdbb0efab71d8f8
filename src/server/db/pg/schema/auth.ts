import { pgTable, bigint, integer, text, index } from 'drizzle-orm/pg-core'

// PostgreSQL twin of src/server/db/schema/auth.ts.
// Owned by the auth area (src/server/auth): only its service writes these.

/** One-time sign-in codes, stored only as an HMAC (docs/sessions.md). */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: bigint('consumed_at', { mode: 'number' }),
  },
  (t) => [
    index('login_codes_email_created').on(t.email, t.createdAt),
    index('login_codes_ip_created').on(t.ip, t.createdAt),
  ],
)
