import { Elysia, t } from 'elysia'
import { pluginSeed, type AppContext } from '../context'
import type { SessionStore } from '../infra/sessions'
import { authPlugin } from '../infra/auth-plugin'
import { jsonWithEtag } from '../http/etag'
import { openObject, requireObject } from '../http/schemas'
import { optionalTaxYearParam, taxYearParam } from '../http/params'
import { completeTaxProfile } from './tax-profile-complete'
import { userView } from './view'
import { userViewSchema } from './model'

/**
 * The signed-in person across areas: GET /api/user and the wizard's completion.
 * They compose the users, declarations and tax-status areas, so none of those
 * has to import another.
 */
export function accountRoutes(ctx: AppContext, sessions: SessionStore) {
  return (
    new Elysia({ name: 'account-routes', seed: pluginSeed(ctx) })
      .use(authPlugin(ctx, sessions))
      .get(
        '/api/user',
        async ({ user, request, query, set }) =>
          jsonWithEtag({ request, set }, await userView(ctx, user.id, optionalTaxYearParam(query.taxYear))),
        { auth: true, query: t.Object({ taxYear: t.Optional(t.String()) }), response: userViewSchema },
      )
      // The profile is checked field by field by the shared rules (updateProfile), so the message names the field:
      // its schema says "an object" only, and requireObject refuses anything else before Elysia could coerce it.
      .post(
        '/api/tax-profile/complete',
        ({ rc, body }) => completeTaxProfile(ctx, rc, { taxYear: taxYearParam(body.taxYear), profile: body.profile }),
        {
          auth: true,
          transform: requireObject(`Invalid field 'profile': expected an object of profile fields`, 'profile'),
          body: t.Object({ taxYear: t.Integer(), profile: openObject }),
          response: userViewSchema,
        },
      )
  )
}
