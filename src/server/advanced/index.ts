import { Elysia, t } from 'elysia'
import { eq } from 'drizzle-orm'
import { pluginSeed, type AppContext } from '../context'
import type { SessionStore, SessionUser } from '../infra/sessions'
import { authPlugin } from '../infra/auth-plugin'
import { users } from '../db/schema'
import { notFound } from '../http/errors'
import { contentDisposition } from '../documents/serve'
import { defaultTaxYear } from '../../shared/tax-years'
import { advancedInfo, saveAuthorization, saveChildren, setSection, saveSpouse, setCompletion, taxCardsOf } from './service'
import { personalPowerOfAttorney } from './poa-document'

const year = t.Integer({ minimum: 1900, maximum: 9999 })
const queryYear = t.Optional(t.Numeric({ minimum: 1900, maximum: 9999, multipleOf: 1 }))
const queryUser = t.Optional(t.Numeric({ minimum: 1, multipleOf: 1 }))
const text = (max: number) => t.Optional(t.String({ maxLength: max }))

/**
 * Whose data a GET reads: one's own, or, for an expert, the user named by ?userId=. Anyone
 * else's is a 404, so nobody learns whether a user exists.
 */
function subjectOf(ctx: AppContext, actor: SessionUser, userId: number | undefined): number {
  if (userId === undefined || userId === actor.id) return actor.id
  if (actor.role !== 'admin' || !ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get()) throw notFound('User not found')
  return userId
}

/** Advanced tax information, the power of attorney and the tax cards (spec part 2 §2–§5, DESIGN.md §11). */
export function advancedRoutes(ctx: AppContext, sessions: SessionStore) {
  const yearOf = (y: number | undefined) => y ?? defaultTaxYear(new Date(ctx.now()))
  return new Elysia({ name: 'advanced-routes', seed: pluginSeed(ctx) })
    .use(authPlugin(ctx, sessions))
    .get('/api/advanced', ({ user, query }) => advancedInfo(ctx, subjectOf(ctx, user, query.userId), yearOf(query.taxYear)),
      { auth: true, query: t.Object({ taxYear: queryYear, userId: queryUser }) })
    .put('/api/advanced/sections', ({ user, body }) => setSection(ctx, user.id, body.taxYear, body.section, body.enabled),
      { auth: true, body: t.Object({ taxYear: year, section: t.String({ maxLength: 40 }), enabled: t.Boolean() }) })
    .put('/api/advanced/spouse', ({ user, body }) => saveSpouse(ctx, user.id, body.taxYear, body),
      {
        auth: true,
        body: t.Object({
          taxYear: year, firstName: text(500), lastName: text(500), age: t.Optional(t.Union([t.Integer(), t.Null()])),
          occupation: text(500), ahvNumber: text(40), taxId: text(40),
        }),
      })
    .put('/api/advanced/children', ({ user, body }) => saveChildren(ctx, user.id, body.taxYear, body.children),
      { auth: true, body: t.Object({ taxYear: year, children: t.Array(t.Record(t.String(), t.Unknown()), { maxItems: 100 }) }) })
    .put('/api/advanced/authorization', ({ user, body, rc }) =>
      saveAuthorization(ctx, user.id, body.taxYear, {
        taxAddressEnabled: body.taxAddressEnabled, powerOfAttorneyEnabled: body.powerOfAttorneyEnabled,
        canton: body.canton ?? '', tinNumber: body.tinNumber ?? '', powerOfAttorneyAccepted: body.powerOfAttorneyAccepted,
      }, { ip: rc.ip, userAgent: rc.userAgent || null }),
      {
        auth: true,
        body: t.Object({
          taxYear: year, taxAddressEnabled: t.Boolean(), powerOfAttorneyEnabled: t.Boolean(),
          canton: text(10), tinNumber: text(40), powerOfAttorneyAccepted: t.Boolean(),
        }),
      })
    .post('/api/advanced/complete', ({ user, body }) => setCompletion(ctx, user.id, user.id, body.taxYear, body.completed),
      { auth: true, body: t.Object({ taxYear: year, completed: t.Boolean() }) })
    .get('/api/advanced/power-of-attorney.pdf', async ({ user, query }) => {
      const subject = subjectOf(ctx, user, query.userId)
      const { bytes, filename } = await personalPowerOfAttorney(ctx, subject, yearOf(query.taxYear), query.lang)
      return new Response(Buffer.from(bytes), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': contentDisposition('attachment', filename),
          'Content-Security-Policy': "default-src 'none'; sandbox",
          'Cache-Control': 'private, no-store',
        },
      })
    }, { auth: true, query: t.Object({ taxYear: queryYear, userId: queryUser, lang: text(5) }) })
    .get('/api/tax-cards', ({ user, query }) => ({ taxYear: yearOf(query.taxYear), ...taxCardsOf(ctx, subjectOf(ctx, user, query.userId)) }),
      { auth: true, query: t.Object({ taxYear: queryYear, userId: queryUser }) })
}
