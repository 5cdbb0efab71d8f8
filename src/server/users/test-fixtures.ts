// Fixtures shared by the tax-status, notification and message tests: a full
// wizard profile written straight into the users area's tables, by the area that owns them.
import { eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import { profiles, users } from '../db/schema'

export const FULL_PROFILE = {
  salutation: 'Frau',
  dateOfBirth: '1985-04-12',
  religion: 'none',
  jobName: 'Engineer',
  cantonOfResidence: 'ZH',
  street: 'Bahnhofstrasse 1',
  zipCode: '8001',
  city: 'Zürich',
  gemeinde: 'Zürich',
  movedDuringYear: 'no',
  maritalStatus: 'single',
  propertyOwner: false,
  hasChildren: false,
  hasPillar3a: false,
  employmentType: 'employed',
}

/**
 * A complete profile as PUT /api/user/profile takes it (the API's own values, which FULL_PROFILE, written straight
 * into the table, is not): a single employed person without children; tests override what they are about.
 */
export const apiProfile = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Anna',
  lastName: 'Muster',
  phone: '791234567',
  countryCode: '+41',
  salutation: 'mrs',
  dateOfBirth: '1990-04-01',
  religion: 'Evangelical Reformed',
  jobName: 'Engineer',
  cantonOfResidence: 'zurich',
  street: 'Bahnhofstrasse 1',
  zipCode: '8001',
  city: 'Zürich',
  gemeinde: 'Zürich',
  movedDuringYear: 'no',
  maritalStatus: 'individual',
  propertyOwner: false,
  hasChildren: false,
  hasPillar3a: false,
  employmentType: 'employed',
  ...overrides,
})

export async function fillUser(
  ctx: AppContext,
  userId: number,
  names = { firstName: 'Anna', lastName: 'Muster', phone: '+41791234567' },
) {
  await ctx.tx(() => ctx.db.update(users).set(names).where(eq(users.id, userId)))
}

export async function fillProfile(
  ctx: AppContext,
  userId: number,
  fields: Partial<typeof profiles.$inferInsert> = FULL_PROFILE,
) {
  await ctx.tx(() =>
    ctx.db
      .insert(profiles)
      .values({ userId, updatedAt: ctx.now(), ...fields })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...fields, updatedAt: ctx.now() } }),
  )
}
