import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core'
import { users } from './users'

// Owned by src/server/infra: the session store and the audit log write these.

/** Server-side sessions: the cookie holds a random token, the table only its SHA-256. */
export const sessions = sqliteTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user').on(t.userId)],
)

/**
 * Security-relevant events. Never holds a code or a token. `userId` is who acted,
 * the target columns the account aimed at: its id, or a keyed hash of the e-mail
 * when there is no account. Repeated failures of one kind from one address at one
 * target are one row whose `repeats` grows (the log must not be a disk filler).
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at').notNull(),
    userId: integer('user_id'),
    action: text('action').notNull(),
    ip: text('ip'),
    detail: text('detail'),
    targetUserId: integer('target_user_id'),
    targetHash: text('target_hash'),
    repeats: integer('repeats').notNull().default(1),
    lastAt: integer('last_at'),
  },
  (t) => [
    index('audit_log_at').on(t.at),
    index('audit_log_target').on(t.targetUserId),
    index('audit_log_collapse').on(t.action, t.ip, t.at),
    // The experts' audit screen filters by the acting user.
    index('audit_log_user_at').on(t.userId, t.at),
  ],
)
