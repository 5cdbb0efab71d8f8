import { pluginSeed } from '../context'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../context'
import type { SessionStore } from '../infra/sessions'
import { authPlugin } from '../infra/auth-plugin'
import { badRequest } from '../http/errors'
import { isActiveLanguage } from '../../shared/languages'
import { setEmailUpdates, setLanguage } from './service'

export function userRoutes(ctx: AppContext, sessions: SessionStore) {
  return (
    new Elysia({ name: 'user-routes', seed: pluginSeed(ctx) })
      .use(authPlugin(ctx, sessions))
      .put(
        '/api/user/language',
        async ({ user, body }) => {
          if (!isActiveLanguage(body.language)) throw badRequest(`Invalid field 'language': not an offered language`)
          await setLanguage(ctx, user.id, body.language)
          return { success: true, language: body.language }
        },
        {
          auth: true,
          body: t.Object({ language: t.String({ maxLength: 10 }) }),
          response: t.Object({ success: t.Boolean(), language: t.String() }),
        },
      )
      // The profile's switch for e-mail from the experts' side (docs/experts.md).
      .put(
        '/api/user/email-updates',
        async ({ user, body }) => ({ success: true, ...(await setEmailUpdates(ctx, user.id, body.emailUpdates)) }),
        {
          auth: true,
          body: t.Object({ emailUpdates: t.Boolean() }),
          response: t.Object({ success: t.Boolean(), emailUpdates: t.Boolean() }),
        },
      )
  )
}
