import { pluginSeed } from '../context'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../context'
import type { SessionStore } from '../infra/sessions'
import { authPlugin } from '../infra/auth-plugin'
import { badRequest } from '../http/errors'
import { isActiveLanguage } from '../../shared/languages'
import { getUser, publicUser, setEmailUpdates, setLanguage } from './service'
import { jsonWithEtag } from '../http/etag'
import { optionalTaxYearParam } from '../http/params'
import { taxViewOf } from '../tax-status/service'
import { profileOf } from './profile'

export function userRoutes(ctx: AppContext, sessions: SessionStore) {
  return new Elysia({ name: 'user-routes', seed: pluginSeed(ctx) })
    .use(authPlugin(ctx, sessions))
    .get('/api/user', ({ user, request, query }) =>
      jsonWithEtag(request, { ...publicUser(getUser(ctx, user.id)), ...profileOf(ctx, user.id), ...taxViewOf(ctx, user.id, optionalTaxYearParam(query.taxYear)) }),
      { auth: true, query: t.Object({ taxYear: t.Optional(t.String()) }) })
    .put('/api/user/language', ({ user, body }) => {
      if (!isActiveLanguage(body.language)) throw badRequest(`Invalid field 'language': not an offered language`)
      setLanguage(ctx, user.id, body.language)
      return { success: true, language: body.language }
    }, { auth: true, body: t.Object({ language: t.String({ maxLength: 10 }) }) })
    // The profile's switch for e-mail from the experts' side (DESIGN.md §12).
    .put('/api/user/email-updates', ({ user, body }) => ({ success: true, ...setEmailUpdates(ctx, user.id, body.emailUpdates) }),
      { auth: true, body: t.Object({ emailUpdates: t.Boolean() }) })
}
