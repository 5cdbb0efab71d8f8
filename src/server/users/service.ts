import { eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import { users } from '../db/schema'
import { notFound } from '../http/errors'
import { hasRegistrationFields } from '../../shared/profile'

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
  const row = ctx.db.select().from(users).where(eq(users.id, id)).limit(1).get()
  if (!row) throw notFound('User not found')
  return row
}

export function setLanguage(ctx: AppContext, id: number, language: string) {
  ctx.db.update(users).set({ language }).where(eq(users.id, id)).run()
}
