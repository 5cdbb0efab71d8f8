import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core'

// Owned by the auth area (src/server/auth): only its service writes these.

/** One-time sign-in codes, stored only as an HMAC (docs/sessions.md). */
export const loginCodes = sqliteTable(
  'login_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: integer('consumed_at'),
  },
  (t) => [
    index('login_codes_email_created').on(t.email, t.createdAt),
    index('login_codes_ip_created').on(t.ip, t.createdAt),
  ],
)
