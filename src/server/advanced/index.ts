import { Elysia, t } from 'elysia'
import { pluginSeed, type AppContext } from '../context'
import type { SessionStore } from '../infra/sessions'
import { targetUserId } from '../infra/actor-may'
import { optionalTaxYearParam, taxYearParam, userIdParam } from '../http/params'
import { authPlugin } from '../infra/auth-plugin'
import { contentDisposition } from '../documents/serve'
import { defaultTaxYear } from '../../shared/tax-years'
import {
  advancedInfo,
  saveAuthorization,
  saveChildren,
  setSection,
  saveSpouse,
  setCompletion,
  taxCardsOf,
} from './service'
import { personalPowerOfAttorney } from './poa-document'
import { openObject } from '../http/schemas'
import {
  advancedInfoSchema,
  authorizationAnswerSchema,
  childrenAnswerSchema,
  completionAnswerSchema,
  sectionAnswerSchema,
  spouseAnswerSchema,
  taxCardsAnswerSchema,
} from './model'

/** A year in a body: its type here, its range in the one parser (taxYearParam). */
const year = t.Integer()
const readQuery = t.Object({ taxYear: t.Optional(t.String()), userId: t.Optional(t.String()) })
const text = (max: number) => t.Optional(t.String({ maxLength: max }))

/** Advanced tax information, the power of attorney and the tax cards (spec part 2 §2–§5, docs/advanced.md). */
// long: the area's route table: one short handler per route, read top to bottom
export function advancedRoutes(ctx: AppContext, sessions: SessionStore) {
  const yearOf = (raw: string | undefined) => optionalTaxYearParam(raw) ?? defaultTaxYear(new Date(ctx.now()))
  // Whose data a GET reads: one's own, or an expert's client named by ?userId= (actorMay);
  // anyone else's is a 404, and an unknown user is one too (the profile lookup).
  const subjectOf = (user: { id: number; role: string }, raw: string | undefined) =>
    targetUserId(user, userIdParam(raw))
  return new Elysia({ name: 'advanced-routes', seed: pluginSeed(ctx) })
    .use(authPlugin(ctx, sessions))
    .get(
      '/api/advanced',
      ({ user, query }) => advancedInfo(ctx, subjectOf(user, query.userId), yearOf(query.taxYear)),
      { auth: true, query: readQuery, response: advancedInfoSchema },
    )
    .put(
      '/api/advanced/sections',
      ({ user, body }) => setSection(ctx, user.id, taxYearParam(body.taxYear), body.section, body.enabled),
      {
        auth: true,
        body: t.Object({ taxYear: year, section: t.String({ maxLength: 40 }), enabled: t.Boolean() }),
        response: sectionAnswerSchema,
      },
    )
    .put('/api/advanced/spouse', ({ user, body }) => saveSpouse(ctx, user.id, taxYearParam(body.taxYear), body), {
      auth: true,
      body: t.Object({
        taxYear: year,
        firstName: text(500),
        lastName: text(500),
        age: t.Optional(t.Union([t.Integer(), t.Null()])),
        occupation: text(500),
        ahvNumber: text(40),
        taxId: text(40),
      }),
      response: spouseAnswerSchema,
    })
    .put(
      '/api/advanced/children',
      ({ user, body }) => saveChildren(ctx, user.id, taxYearParam(body.taxYear), body.children),
      {
        auth: true,
        // Each child is checked field by field by the shared rule (validateChildren), which also reads the old
        // single-`name` entries, so the refusal names the child's field.
        body: t.Object({ taxYear: year, children: t.Array(openObject, { maxItems: 100 }) }),
        response: childrenAnswerSchema,
      },
    )
    .put(
      '/api/advanced/authorization',
      ({ user, body, rc }) =>
        saveAuthorization(
          ctx,
          user.id,
          taxYearParam(body.taxYear),
          {
            taxAddressEnabled: body.taxAddressEnabled,
            powerOfAttorneyEnabled: body.powerOfAttorneyEnabled,
            canton: body.canton ?? '',
            tinNumber: body.tinNumber ?? '',
            powerOfAttorneyAccepted: body.powerOfAttorneyAccepted,
          },
          { ip: rc.ip, userAgent: rc.userAgent || null },
        ),
      {
        auth: true,
        body: t.Object({
          taxYear: year,
          taxAddressEnabled: t.Boolean(),
          powerOfAttorneyEnabled: t.Boolean(),
          canton: text(10),
          tinNumber: text(40),
          powerOfAttorneyAccepted: t.Boolean(),
        }),
        response: authorizationAnswerSchema,
      },
    )
    .post(
      '/api/advanced/complete',
      ({ user, body }) => setCompletion(ctx, user.id, user.id, taxYearParam(body.taxYear), body.completed),
      {
        auth: true,
        body: t.Object({ taxYear: year, completed: t.Boolean() }),
        response: completionAnswerSchema,
      },
    )
    .get(
      '/api/advanced/power-of-attorney.pdf',
      async ({ user, query }) => {
        const subject = subjectOf(user, query.userId)
        const { bytes, filename } = await personalPowerOfAttorney(ctx, subject, yearOf(query.taxYear), query.lang)
        return new Response(Buffer.from(bytes), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': contentDisposition('attachment', filename),
            'Content-Security-Policy': "default-src 'none'; sandbox",
            'Cache-Control': 'private, no-store',
          },
        })
      },
      {
        auth: true,
        query: t.Object({ taxYear: t.Optional(t.String()), userId: t.Optional(t.String()), lang: text(5) }),
      },
    )
    .get(
      '/api/tax-cards',
      async ({ user, query }) => ({
        taxYear: yearOf(query.taxYear),
        ...(await taxCardsOf(ctx, subjectOf(user, query.userId))),
      }),
      {
        auth: true,
        query: readQuery,
        response: taxCardsAnswerSchema,
      },
    )
}
