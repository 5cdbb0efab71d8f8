import { pluginSeed } from '../context'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../context'
import type { SessionStore } from '../infra/sessions'
import { authPlugin } from '../infra/auth-plugin'
import type { VisitorContext } from '../infra/request-context'
import { notFound } from '../http/errors'
import { audit } from '../infra/audit'
import { findUser, findUserByEmail, publicUser } from '../users/service'
import { normaliseEmail } from '../../shared/email'
import { publicUserSchema } from '../users/model'

/**
 * Development-only routes (docs/sessions.md). app.ts mounts them only in development
 * mode, so in production they do not exist at all and fall through to the 404.
 */
const signedIn = t.Object({ success: t.Boolean(), user: publicUserSchema })

export function devRoutes(ctx: AppContext, sessions: SessionStore) {
  if (!ctx.config.dev) throw new Error('dev routes requested outside development mode')
  const loginAs = async (id: number, rc: VisitorContext, set: { headers: Record<string, unknown> }) => {
    const user = await findUser(ctx, id)
    if (!user) throw notFound('User not found')
    set.headers['set-cookie'] = await sessions.open(user.id, rc)
    await audit(ctx, { user, ip: rc.ip }, 'dev_login')
    return { success: true, user: publicUser(user) }
  }
  return new Elysia({ name: 'dev-routes', seed: pluginSeed(ctx) })
    .use(authPlugin(ctx, sessions))
    .get('/api/debug/login-as/:userId', ({ params, rc, set }) => loginAs(params.userId, rc, set), {
      visitor: true,
      params: t.Object({ userId: t.Numeric({ minimum: 1 }) }),
      response: signedIn,
    })
    .post(
      '/api/auth/quick-restore',
      async ({ body, rc, set }) => {
        const user = await findUserByEmail(ctx, normaliseEmail(body.email))
        if (!user) throw notFound('User not found')
        return await loginAs(user.id, rc, set)
      },
      { visitor: true, body: t.Object({ email: t.String({ maxLength: 254 }) }), response: signedIn },
    )
    .get('/api/debug/mailbox', () => ({ mails: ctx.mailer.outbox ?? [] }), {
      response: t.Object({ mails: t.Array(t.Object({ to: t.String(), code: t.String(), at: t.Number() })) }),
    })
}
