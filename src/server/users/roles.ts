import { first } from '../db/query'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import { users } from '../db/schema'
import { ApiError, badRequest } from '../http/errors'
import { audit, COMMAND_LINE } from '../infra/audit'
import { isValidEmail, normaliseEmail } from '../../shared/email'

/**
 * Accounts and the admin role: the users area writes them (its table), the auth
 * area's sign-in and the command line (`swisstax admin add|remove`) call these.
 */

function checkEmail(raw: string) {
  const email = normaliseEmail(raw)
  if (!isValidEmail(email)) throw badRequest('Please enter a valid e-mail address', 'INVALID_EMAIL')
  return email
}

/**
 * The account is created at the first sign-in; ADMIN_EMAILS grants the admin role,
 * remembered as coming from the list ('env') unless the command line granted it already.
 */
export async function ensureUser(ctx: AppContext, email: string) {
  const isAdmin = ctx.config.adminEmails.has(email)
  return ctx.tx(async () => {
    await ctx.db
      .insert(users)
      .values({
        email,
        role: isAdmin ? 'admin' : 'user',
        roleSource: isAdmin ? 'env' : null,
        createdAt: ctx.now(),
        lastActivityAt: ctx.now(),
      })
      .onConflictDoNothing()
    if (isAdmin) {
      await ctx.backend.run(
        `UPDATE users SET role = 'admin', role_source = COALESCE(role_source, 'env') WHERE email = ? AND (role <> ` +
          `'admin' OR role_source IS NULL)`,
        email,
      )
    }
    return (await first(ctx.db.select().from(users).where(eq(users.email, email))))!
  })
}

/** `swisstax admin add EMAIL`: a role that stays until `admin remove`, whatever ADMIN_EMAILS says. */
export async function grantAdmin(ctx: AppContext, rawEmail: string) {
  const email = checkEmail(rawEmail)
  return ctx.tx(async () => {
    await ctx.db
      .insert(users)
      .values({ email, role: 'admin', roleSource: 'cli', createdAt: ctx.now() })
      .onConflictDoNothing()
    await ctx.db.update(users).set({ role: 'admin', roleSource: 'cli' }).where(eq(users.email, email))
    await audit(ctx, COMMAND_LINE, 'admin_granted', { source: 'cli' }, { target: { email } })
    return (await first(ctx.db.select().from(users).where(eq(users.email, email))))!
  })
}

/** `swisstax admin remove EMAIL`: back to a client; the open sessions see it on their next call. */
export async function revokeAdmin(ctx: AppContext, rawEmail: string) {
  const email = checkEmail(rawEmail)
  return ctx.tx(async () => {
    const user = await first(ctx.db.select().from(users).where(eq(users.email, email)))
    if (!user) throw new ApiError(404, 'NOT_FOUND', `No account with the e-mail ${email}`)
    await ctx.db.update(users).set({ role: 'user', roleSource: null }).where(eq(users.id, user.id))
    await audit(ctx, COMMAND_LINE, 'admin_revoked', { source: 'cli' }, { target: { userId: user.id } })
    return { ...user, role: 'user' as const, stillListed: ctx.config.adminEmails.has(email) }
  })
}

/**
 * At start: a role that ADMIN_EMAILS granted ends when the address has left the list;
 * one granted on the command line stays. Returns the e-mails demoted.
 */
export async function syncAdminEmails(ctx: AppContext): Promise<string[]> {
  const listed = ctx.config.adminEmails
  return ctx.tx(async () => {
    const granted = await ctx.db
      .select({ id: users.id, email: users.email, roleSource: users.roleSource })
      .from(users)
      .where(eq(users.role, 'admin'))
    const demoted: string[] = []
    for (const u of granted) {
      if (u.roleSource === 'env' && !listed.has(u.email)) {
        await ctx.db.update(users).set({ role: 'user', roleSource: null }).where(eq(users.id, u.id))
        await audit(ctx, COMMAND_LINE, 'admin_revoked', { source: 'env' }, { target: { userId: u.id } })
        demoted.push(u.email)
      } else if (u.roleSource === null && listed.has(u.email)) {
        // Granted by the list before the source was recorded.
        await ctx.db.update(users).set({ roleSource: 'env' }).where(eq(users.id, u.id))
      }
    }
    return demoted
  })
}
