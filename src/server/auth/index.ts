import { pluginSeed } from '../context'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../context'
import { clientIp, readCookie } from '../http/request'
import { EMAIL_MAX_LENGTH } from '../../shared/email'
import { requestCode, verifyCode } from './service'
import { sessionCookie, sessionCookieName, type SessionStore } from './session'
import { authPlugin } from './plugin'
import { audit } from '../audit'
import { publicUser } from '../users/service'

export { sessionCookie }

/** Sign-in with e-mail codes: /api/auth/* and the session probe. */
export function authRoutes(ctx: AppContext, sessions: SessionStore) {
  return new Elysia({ name: 'auth-routes', seed: pluginSeed(ctx) })
    .use(authPlugin(ctx, sessions))
    .post('/api/auth/request-code', ({ body, request, server }) =>
      requestCode(ctx, body, clientIp(request, server, ctx.config)), {
      body: t.Object({
        email: t.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }),
        language: t.Optional(t.String({ maxLength: 10 })),
      }),
    })
    .post('/api/auth/verify-code', ({ body, request, server, set }) => {
      const ip = clientIp(request, server, ctx.config)
      const user = verifyCode(ctx, body, ip)
      set.headers['set-cookie'] = openSessionCookie(ctx, sessions, user.id, request, ip)
      return { success: true, status: 'success', user: publicUser(user) }
    }, {
      body: t.Object({
        email: t.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }),
        code: t.String({ minLength: 1, maxLength: 12 }),
      }),
    })
    .post('/api/auth/logout', ({ request, server, set }) => {
      const token = readCookie(request, sessionCookieName(ctx))
      const user = sessions.lookup(token)
      sessions.destroy(token)
      if (user) audit(ctx, 'sign_out', user.id, clientIp(request, server, ctx.config))
      set.headers['set-cookie'] = sessionCookie(ctx, '', 0)
      return { success: true }
    })
    // Not a debug route despite its path (DESIGN.md §5): the client's session probe.
    .get('/api/debug/check-auth', ({ user }) => ({ isAuthenticated: true, success: true, userId: user.id, email: user.email }), { auth: true })
}

/** Opens a session and returns its Set-Cookie value. */
export function openSessionCookie(ctx: AppContext, sessions: SessionStore, userId: number, request: Request, ip: string) {
  const token = sessions.create(userId, ip, request.headers.get('user-agent'))
  return sessionCookie(ctx, token, Math.floor(ctx.config.sessionMaxMs / 1000))
}
