import { Elysia, t } from 'elysia'
import type { AppContext } from '../context'
import { pluginSeed } from '../context'
import type { SessionStore } from '../infra/sessions'
import { authPlugin } from '../infra/auth-plugin'
import { readCookie, sessionCookieName } from '../infra/session-cookie'
import { audit } from '../infra/audit'
import { notFound } from '../http/errors'
import { deviceOf } from '../../shared/user-agent'
import { successSchema } from '../http/schemas'
import { enforce, LIMITS } from '../infra/rate-limit'

const SESSIONS_END_LIMITED = 'You have ended sessions many times in the last hour. Please try again later.'

/** The person's sessions (issue 13): where they are signed in, ending one, and "sign out everywhere else". */
export function sessionRoutes(ctx: AppContext, sessions: SessionStore) {
  const cookieName = sessionCookieName(ctx.config)
  return new Elysia({ name: 'session-routes', seed: pluginSeed(ctx) })
    .use(authPlugin(ctx, sessions))
    .get(
      '/api/auth/sessions',
      async ({ user, request }) => ({
        sessions: (await sessions.listFor(user.id, readCookie(request, cookieName))).map((s) => ({
          id: s.id,
          current: s.current,
          ip: s.ip,
          ...deviceOf(s.userAgent),
          createdAt: new Date(s.createdAt).toISOString(),
          lastUsedAt: new Date(s.lastSeenAt).toISOString(),
        })),
      }),
      {
        auth: true,
        response: t.Object({
          sessions: t.Array(
            t.Object({
              id: t.String(),
              current: t.Boolean(),
              ip: t.Union([t.String(), t.Null()]),
              browser: t.String(),
              os: t.String(),
              createdAt: t.String(),
              lastUsedAt: t.String(),
            }),
          ),
        }),
      },
    )
    .delete(
      '/api/auth/sessions/:id',
      async ({ user, rc, params }) => {
        await enforce(ctx, LIMITS.sessionsEnd, user.id, SESSIONS_END_LIMITED)
        if (!(await sessions.destroyById(user.id, params.id))) throw notFound('No such session', 'SESSION_NOT_FOUND')
        await audit(ctx, rc, 'session_ended', { session: params.id })
        return { success: true }
      },
      { auth: true, params: t.Object({ id: t.String({ maxLength: 64 }) }), response: successSchema },
    )
    .post(
      '/api/auth/sessions/end-others',
      async ({ user, rc, request }) => {
        await enforce(ctx, LIMITS.sessionsEnd, user.id, SESSIONS_END_LIMITED)
        const ended = await sessions.destroyOthers(user.id, readCookie(request, cookieName))
        await audit(ctx, rc, 'sessions_ended_elsewhere', { count: ended })
        return { success: true, ended }
      },
      { auth: true, response: t.Object({ success: t.Boolean(), ended: t.Number() }) },
    )
}
