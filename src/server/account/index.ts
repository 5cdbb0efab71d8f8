import { Elysia, t } from 'elysia'
import { pluginSeed, type AppContext } from '../context'
import type { SessionStore } from '../infra/sessions'
import { authPlugin } from '../infra/auth-plugin'
import { jsonWithEtag } from '../http/etag'
import { optionalTaxYearParam } from '../http/params'
import { userView } from './view'

/**
 * The signed-in person's view across areas: GET /api/user. It composes the users
 * and tax-status areas, so neither has to import the other.
 */
export function accountRoutes(ctx: AppContext, sessions: SessionStore) {
  return new Elysia({ name: 'account-routes', seed: pluginSeed(ctx) })
    .use(authPlugin(ctx, sessions))
    .get('/api/user', ({ user, request, query }) => jsonWithEtag(request, userView(ctx, user.id, optionalTaxYearParam(query.taxYear))),
      { auth: true, query: t.Object({ taxYear: t.Optional(t.String()) }) })
}
