import { pgTable, bigint, integer, text, index } from 'drizzle-orm/pg-core'
import { users } from './users'

// PostgreSQL twin of src/server/db/schema/infra.ts.
// Owned by src/server/infra: the session store and the audit log write these.

/** Server-side sessions: the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    lastSeenAt: bigint('last_seen_at', { mode: 'number' }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user').on(t.userId)],
)

/**
 * Security-relevant events. Never holds a code or a token. `userId` is who acted,
 * the target columns the account aimed at: its id, or a keyed hash of the e-mail
 * when there is no account. Repeated failures of one kind from one address are one
 * row per window, whatever their targets, whose `repeats` grows (the log must not be a disk filler).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: bigint('at', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    action: text('action').notNull(),
    ip: text('ip'),
    detail: text('detail'),
    targetUserId: bigint('target_user_id', { mode: 'number' }),
    targetHash: text('target_hash'),
    repeats: integer('repeats').notNull().default(1),
    lastAt: bigint('last_at', { mode: 'number' }),
    /** Of the `repeats`, how many aimed at another target than the row's (a spray of addresses is one row). */
    otherTargets: integer('other_targets').notNull().default(0),
  },
  (t) => [
    index('audit_log_at').on(t.at),
    index('audit_log_target').on(t.targetUserId),
    index('audit_log_collapse').on(t.action, t.ip, t.at),
    // The experts' audit screen filters by the acting user.
    index('audit_log_user_at').on(t.userId, t.at),
  ],
)

/**
 * Fixed-window counters of the rate limits (src/server/infra/rate-limit.ts): one row per limit and key
 * (an address, a user), counted by one atomic upsert so that every process on the data folder shares
 * one count. Rows whose window has ended are swept by the maintenance job.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').primaryKey(),
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    hits: bigint('hits', { mode: 'number' }).notNull(),
  },
  (t) => [index('rate_limits_window').on(t.windowStart)],
)

/** Facts about the data folder itself, by key: `last_version`, the swisstax version that last started on it. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

/**
 * Periodic jobs (maintenance, sweeps, reminders): each runs once per period across every process on the
 * database. A process claims the period with one conditional UPDATE (`next_run_at <= now`): of two processes
 * asking at once, one changes the row and runs the job, the other finds it claimed.
 */
export const schedules = pgTable('schedules', {
  name: text('name').primaryKey(),
  nextRunAt: bigint('next_run_at', { mode: 'number' }).notNull(),
  lastRunAt: bigint('last_run_at', { mode: 'number' }),
  lastOwner: text('last_owner'),
})
