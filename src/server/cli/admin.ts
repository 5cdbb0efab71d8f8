import { and, eq, ne } from 'drizzle-orm'
import type { AppContext } from '../context'
import { users } from '../db/schema'
import { revokeAdmin } from '../users/roles'
import { normaliseEmail } from '../../shared/email'

/** `swisstax admin list`: every admin, with where the role comes from. */
export async function listAdmins(ctx: AppContext) {
  return await ctx.db
    .select({ id: users.id, email: users.email, roleSource: users.roleSource })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(users.email)
}

/** Refused: the firm would be left without an admin. */
export class LastAdminError extends Error {
  // By name: main.ts prints it without a stack, and loads this file only for the admin commands.
  override name = 'LastAdminError'
}

/**
 * `swisstax admin remove EMAIL`, refused for the last admin: without one nobody can see the clients'
 * documents or answer them, and only the command line could give the role again.
 */
export async function removeAdmin(ctx: AppContext, rawEmail: string) {
  const email = normaliseEmail(rawEmail)
  const others = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), ne(users.email, email)))
    .limit(1)

  const isAdmin = (await listAdmins(ctx)).some((a) => a.email === email)
  if (isAdmin && others.length === 0)
    throw new LastAdminError(
      `${email} is the last admin: removing the role would leave nobody to look after the clients. ` +
        'Give the role to someone else first (swisstax admin add EMAIL), then remove this one.',
    )
  return await revokeAdmin(ctx, rawEmail)
}
