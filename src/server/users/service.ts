import { count, eq, inArray } from 'drizzle-orm'
import type { AppContext } from '../context'
import { users } from '../db/schema'
import { notFound } from '../http/errors'
import { hasRegistrationFields } from '../../shared/profile'

/**
 * The `users` table's one writer (its schema is db/schema/users.ts): accounts,
 * roles, language. Other areas read accounts through these functions.
 */
type UserRow = typeof users.$inferSelect

/** Whether first-time registration is done: the fields the profile screen requires. */
export const isProfileComplete = (u: UserRow) => hasRegistrationFields(u)

/** The user as the client sees it. Never includes anything secret. */
export function publicUser(u: UserRow) {
  const name = [u.firstName, u.lastName].filter(Boolean).join(' ')
  return {
    id: u.id,
    email: u.email,
    role: u.role,
    language: u.language,
    name,
    firstName: u.firstName ?? '',
    lastName: u.lastName ?? '',
    phone: u.phone ?? '',
    countryCode: u.countryCode,
    isProfileComplete: isProfileComplete(u),
  }
}

export function getUser(ctx: AppContext, id: number) {
  const row = findUser(ctx, id)
  if (!row) throw notFound('User not found')
  return row
}

export const findUser = (ctx: AppContext, id: number) => ctx.db.select().from(users).where(eq(users.id, id)).limit(1).get()

export const findUserByEmail = (ctx: AppContext, email: string) => ctx.db.select().from(users).where(eq(users.email, email)).limit(1).get()

export const userExists = (ctx: AppContext, id: number) => !!ctx.db.select({ id: users.id }).from(users).where(eq(users.id, id)).get()

/** The e-mail of each of these accounts (for lists that name their users). */
export function emailsOf(ctx: AppContext, ids: readonly number[]): Map<number, string> {
  if (ids.length === 0) return new Map()
  return new Map(ctx.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, [...new Set(ids)])).all().map((r) => [r.id, r.email]))
}

export function setLanguage(ctx: AppContext, id: number, language: string) {
  ctx.db.update(users).set({ language }).where(eq(users.id, id)).run()
}

/** The account of this e-mail, created at its first sign-in; `admin` gives (never takes) the admin role. */
export function ensureUser(ctx: AppContext, email: string, opts: { admin: boolean }) {
  ctx.db.insert(users).values({ email, role: opts.admin ? 'admin' : 'user', createdAt: ctx.now() }).onConflictDoNothing().run()
  if (opts.admin) ctx.db.update(users).set({ role: 'admin' }).where(eq(users.email, email)).run()
  return findUserByEmail(ctx, email)!
}

export function recordSignIn(ctx: AppContext, id: number) {
  ctx.db.update(users).set({ lastLoginAt: ctx.now() }).where(eq(users.id, id)).run()
}

/** For the development panel: every account, and how many finished registration. */
export function accountOverview(ctx: AppContext) {
  const all = ctx.db.select().from(users).all()
  return {
    count: ctx.db.select({ n: count() }).from(users).get()?.n ?? 0,
    columns: ctx.sqlite.query<{ name: string }, []>('PRAGMA table_info(users)').all().map((c) => c.name),
    registered: all.filter(isProfileComplete).length,
    newest: all.at(-1),
  }
}
