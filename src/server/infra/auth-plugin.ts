import type { AppContext } from '../context'
import { pluginSeed } from '../context'
import { Elysia } from 'elysia'
import { forbidden, unauthorized } from '../http/errors'
import { RequestContext, type IpServer } from './request-context'
import { readCookie, sessionCookieName } from './session-cookie'
import type { SessionStore, SessionUser } from './sessions'

/**
 * The one auth macro (STYLE.md): routes say `{ auth: true }` or `{ role: 'admin' }`
 * and receive `user` and `rc`, the request context services audit through;
 * `{ visitor: true }` gives `rc` to the routes open to anyone (sign-in, sign-out),
 * its user being null without a live session. Admin checks happen here, never in the browser.
 */
export function authPlugin(ctx: AppContext, sessions: SessionStore) {
  const cookieName = sessionCookieName(ctx.config)
  const current = (request: Request) => sessions.lookup(readCookie(request, cookieName))
  const contextOf = <U extends SessionUser | null>(user: U, request: Request, server: IpServer) =>
    new RequestContext(user, request, server, ctx.config)
  return new Elysia({ name: 'auth', seed: pluginSeed(ctx) }).macro({
    auth: {
      resolve({ request, server }) {
        const user = current(request)
        if (!user) throw unauthorized()
        return { user, rc: contextOf(user, request, server) }
      },
    },
    role: (role: 'admin') => ({
      resolve({ request, server }) {
        const user = current(request)
        if (!user) throw unauthorized()
        if (user.role !== role) throw forbidden('This area is restricted to administrators only.', 'ADMIN_ONLY')
        return { user, rc: contextOf(user, request, server) }
      },
    }),
    visitor: {
      resolve({ request, server }) {
        return { rc: contextOf(current(request), request, server) }
      },
    },
  })
}
