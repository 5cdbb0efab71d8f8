import { pluginSeed } from '../context'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../context'
import { EMAIL_MAX_LENGTH } from '../../shared/email'
import { requestCode, signOut, verifyCode } from './service'
import type { SessionStore } from '../infra/sessions'
import { authPlugin } from '../infra/auth-plugin'
import { readCookie, sessionCookie, sessionCookieName } from '../infra/session-cookie'
import { publicUser } from '../users/service'
import { publicUserSchema } from '../users/model'
import { successSchema } from '../http/schemas'

/** Sign-in with e-mail codes: /api/auth/* and the session probe. */
export function authRoutes(ctx: AppContext, sessions: SessionStore) {
  const cookieName = sessionCookieName(ctx.config)
  return (
    new Elysia({ name: 'auth-routes', seed: pluginSeed(ctx) })
      .use(authPlugin(ctx, sessions))
      .post('/api/auth/request-code', ({ body, rc }) => requestCode(ctx, rc, body), {
        visitor: true,
        body: t.Object({
          email: t.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }),
          language: t.Optional(t.String({ maxLength: 10 })),
        }),
        response: t.Object({ message: t.String(), status: t.Literal('success') }),
      })
      .post(
        '/api/auth/verify-code',
        async ({ body, rc, set }) => {
          const user = await verifyCode(ctx, rc, body)
          set.headers['set-cookie'] = await sessions.open(user.id, rc)
          return { success: true, status: 'success', user: publicUser(user) }
        },
        {
          visitor: true,
          body: t.Object({
            email: t.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }),
            code: t.String({ minLength: 1, maxLength: 12 }),
            language: t.Optional(t.String({ maxLength: 10 })),
          }),
          response: t.Object({ success: t.Boolean(), status: t.String(), user: publicUserSchema }),
        },
      )
      .post(
        '/api/auth/logout',
        async ({ request, rc, set }) => {
          await signOut(ctx, sessions, rc, readCookie(request, cookieName))
          set.headers['set-cookie'] = sessionCookie(ctx.config, '', 0)
          return { success: true }
        },
        { visitor: true, response: successSchema },
      )
      // Not a debug route despite its path (docs/sessions.md): the client's session probe.
      .get(
        '/api/debug/check-auth',
        ({ user }) => ({ isAuthenticated: true, success: true, userId: user.id, email: user.email }),
        {
          auth: true,
          response: t.Object({
            isAuthenticated: t.Boolean(),
            success: t.Boolean(),
            userId: t.Number(),
            email: t.String(),
          }),
        },
      )
  )
}
