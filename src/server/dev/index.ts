import { pluginSeed } from '../context'
import { Elysia, t } from 'elysia'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import type { SessionStore } from '../auth/session'
import { openSessionCookie } from '../auth/index'
import { users } from '../db/schema'
import { notFound } from '../http/errors'
import { clientIp } from '../http/request'
import { audit } from '../audit'
import { publicUser } from '../users/service'
import { normaliseEmail } from '../../shared/email'

/**
 * Development-only routes (DESIGN.md §5). app.ts mounts them only in development
 * mode, so in production they do not exist at all and fall through to the 404.
 */
export function devRoutes(ctx: AppContext, sessions: SessionStore) {
  if (!ctx.config.dev) throw new Error('dev routes requested outside development mode')
  const loginAs = (id: number, request: Request, server: Parameters<typeof clientIp>[1], set: { headers: Record<string, unknown> }) => {
    const user = ctx.db.select().from(users).where(eq(users.id, id)).limit(1).get()
    if (!user) throw notFound('User not found')
    const ip = clientIp(request, server, ctx.config)
    set.headers['set-cookie'] = openSessionCookie(ctx, sessions, user.id, request, ip)
    audit(ctx, 'dev_login', user.id, ip)
    return { success: true, user: publicUser(user) }
  }
  return new Elysia({ name: 'dev-routes', seed: pluginSeed(ctx) })
    .get('/api/debug/login-as/:userId', ({ params, request, server, set }) => loginAs(params.userId, request, server, set),
      { params: t.Object({ userId: t.Numeric({ minimum: 1 }) }) })
    .post('/api/auth/quick-restore', ({ body, request, server, set }) => {
      const user = ctx.db.select().from(users).where(eq(users.email, normaliseEmail(body.email))).limit(1).get()
      if (!user) throw notFound('User not found')
      return loginAs(user.id, request, server, set)
    }, { body: t.Object({ email: t.String({ maxLength: 254 }) }) })
    .get('/api/debug/mailbox', () => ({ mails: ctx.mailer.outbox ?? [] }))
}
