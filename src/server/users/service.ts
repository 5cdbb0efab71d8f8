import { first } from '../db/query'
import { desc, eq, inArray, sql } from 'drizzle-orm'
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
    emailUpdates: u.emailUpdates,
  }
}

export async function getUser(ctx: AppContext, id: number) {
  const row = await findUser(ctx, id)
  if (!row) throw notFound('User not found')
  return row
}

export const findUser = async (ctx: AppContext, id: number) =>
  await first(ctx.db.select().from(users).where(eq(users.id, id)))

export const findUserByEmail = async (ctx: AppContext, email: string) =>
  await first(ctx.db.select().from(users).where(eq(users.email, email)))

export const userExists = async (ctx: AppContext, id: number) =>
  !!(await first(ctx.db.select({ id: users.id }).from(users).where(eq(users.id, id))))

/** The e-mail and display name ("Anna Muster", empty before registration) of each of these accounts. */
export async function namesOf(
  ctx: AppContext,
  ids: readonly number[],
): Promise<Map<number, { email: string; name: string }>> {
  if (ids.length === 0) return new Map()
  const rows = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]))
  return new Map(
    rows.map((r) => [r.id, { email: r.email, name: [r.firstName, r.lastName].filter((x) => x?.trim()).join(' ') }]),
  )
}

/** The clients (accounts with the user role), by id. */
export const clientIds = async (ctx: AppContext): Promise<number[]> =>
  (await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'user')).orderBy(users.id)).map((r) => r.id)

/** How many accounts have each role (the system card). */
export async function countByRole(ctx: AppContext): Promise<{ clients: number; admins: number }> {
  const row = await first(
    ctx.db
      .select({
        clients: sql<number>`COALESCE(SUM(CASE WHEN ${users.role} = 'user' THEN 1 ELSE 0 END), 0)`.mapWith(Number),
        admins: sql<number>`COALESCE(SUM(CASE WHEN ${users.role} = 'admin' THEN 1 ELSE 0 END), 0)`.mapWith(Number),
      })
      .from(users),
  )
  return { clients: Number(row?.clients ?? 0), admins: Number(row?.admins ?? 0) }
}

/** The e-mail of each of these accounts (for lists that name their users). */
export async function emailsOf(ctx: AppContext, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]))
  return new Map(rows.map((r) => [r.id, r.email]))
}

export async function setLanguage(ctx: AppContext, id: number, language: string) {
  await ctx.tx(() => ctx.db.update(users).set({ language }).where(eq(users.id, id)))
}

export async function recordSignIn(ctx: AppContext, id: number) {
  await ctx.tx(() =>
    ctx.db.update(users).set({ lastLoginAt: ctx.now(), lastActivityAt: ctx.now() }).where(eq(users.id, id)),
  )
}

/** Who a client mail goes to, in which language, and whether the person wants such mail. */
export async function mailRecipientOf(ctx: AppContext, id: number) {
  const u = await first(ctx.db.select().from(users).where(eq(users.id, id)))
  if (!u) return null
  return {
    email: u.email,
    name: [u.firstName, u.lastName].filter((s) => s?.trim()).join(' '),
    language: u.language,
    emailUpdates: u.emailUpdates,
    role: u.role,
  }
}

/** The profile's switch for e-mail on expert replies, status moves and deadlines (on by default). */
export async function setEmailUpdates(ctx: AppContext, id: number, on: boolean) {
  await ctx.tx(() => ctx.db.update(users).set({ emailUpdates: on }).where(eq(users.id, id)))
  return { emailUpdates: on }
}

/**
 * Other areas report that the client did something (signed in, wrote, changed a
 * document); the experts' list sorts by it.
 */
export async function touchActivity(ctx: AppContext, id: number) {
  await ctx.backend.run('UPDATE users SET last_activity_at = ? WHERE id = ?', ctx.now(), id)
}

/** The most recently created account (the debug panel's database status). */
export const newestUser = async (ctx: AppContext) =>
  await first(
    ctx.db.select({ id: users.id, email: users.email, createdAt: users.createdAt }).from(users).orderBy(desc(users.id)),
  )
