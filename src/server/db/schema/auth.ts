import { sql } from 'drizzle-orm'
import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core'

/** A person who signed in at least once. Profile columns come with the profile area. */
export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  email: text('email').notNull().unique(),
  role: text('role', { enum: ['user', 'admin'] }).notNull().default('user'),
  language: text('language').notNull().default('en'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  phone: text('phone'),
  countryCode: text('country_code').notNull().default('+41'),
  createdAt: integer('created_at').notNull(),
  lastLoginAt: integer('last_login_at'),
  /**
   * Where the admin role came from: 'env' (ADMIN_EMAILS, taken away at start once the
   * address leaves the list) or 'cli' (`swisstax admin add`, stays until `admin remove`).
   */
  roleSource: text('role_source', { enum: ['env', 'cli'] }),
  /** The client's choice on the profile: e-mail on expert replies, status moves and deadlines. */
  emailUpdates: integer('email_updates', { mode: 'boolean' }).notNull().default(true),
  /**
   * The client's latest sign-in, message or document change, kept here (not computed
   * from those tables) so the experts' list can sort 10,000 clients by an index.
   */
  lastActivityAt: integer('last_activity_at').notNull().default(0),
}, (t) => [
  index('users_role_activity').on(t.role, t.lastActivityAt),
  // The list's sort by name: last name, else the e-mail, case-insensitive.
  index('users_role_name').on(t.role, sql`COALESCE(NULLIF(${t.lastName}, ''), ${t.email}) COLLATE NOCASE`, sql`COALESCE(${t.firstName}, '') COLLATE NOCASE`),
])

/** One-time sign-in codes, stored only as an HMAC (DESIGN.md §5). */
export const loginCodes = sqliteTable('login_codes', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull(),
  ip: text('ip').notNull(),
  createdAt: integer('created_at').notNull(),
  expiresAt: integer('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  consumedAt: integer('consumed_at'),
}, (t) => [index('login_codes_email_created').on(t.email, t.createdAt), index('login_codes_ip_created').on(t.ip, t.createdAt)])

/** Server-side sessions: the cookie holds a random token, the table only its SHA-256. */
export const sessions = sqliteTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: integer('created_at').notNull(),
  lastSeenAt: integer('last_seen_at').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
}, (t) => [index('sessions_user').on(t.userId)])

/**
 * Security-relevant events. Never holds a code or a token. `userId` is who acted,
 * the target columns the account aimed at: its id, or a keyed hash of the e-mail
 * when there is no account. Repeated failures of one kind from one address at one
 * target are one row whose `repeats` grows (the log must not be a disk filler).
 */
export const auditLog = sqliteTable('audit_log', {
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
}, (t) => [
  index('audit_log_at').on(t.at),
  index('audit_log_target').on(t.targetUserId),
  index('audit_log_collapse').on(t.action, t.ip, t.at),
  // The experts' audit screen filters by the acting user.
  index('audit_log_user_at').on(t.userId, t.at),
])
