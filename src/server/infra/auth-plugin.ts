import type { AppContext } from '../context'
import { pluginSeed } from '../context'
import { Elysia } from 'elysia'
import { ApiError, forbidden } from '../http/errors'
import { RequestContext, type IpServer } from './request-context'
import { readCookie, sessionCookie, sessionCookieName } from './session-cookie'
import type { SessionStore, SessionUser } from './sessions'

/**
 * The one auth macro (docs/sessions.md): routes say `{ auth: true }` or `{ role: 'admin' }`
 * and receive `user` and `rc`, the request context services audit through;
 * `{ visitor: true }` gives `rc` to the routes open to anyone (sign-in, sign-out),
 * its user being null without a live session. Admin checks happen here, never in the browser.
 */
export function authPlugin(ctx: AppContext, sessions: SessionStore) {
  const cookieName = sessionCookieName(ctx.config)
  const current = (request: Request) => sessions.lookup(readCookie(request, cookieName))
  /** The session's user; a 401 otherwise, which clears a cookie that was sent (unknown, expired or malformed). */
  const required = async (request: Request) => {
    const token = readCookie(request, cookieName)
    const user = await sessions.lookup(token)
    if (user) return user
    const headers: Record<string, string> =
      token === undefined ? {} : { 'Set-Cookie': sessionCookie(ctx.config, '', 0) }
    throw new ApiError(401, 'SESSION_EXPIRED', 'Session expired', headers)
  }
  const contextOf = <U extends SessionUser | null>(user: U, request: Request, server: IpServer) =>
    new RequestContext(user, request, server, ctx.config)
  return new Elysia({ name: 'auth', seed: pluginSeed(ctx) }).macro({
    auth: {
      async resolve({ request, server }) {
        const user = await required(request)
        return { user, rc: contextOf(user, request, server) }
      },
    },
    role: (role: 'admin') => ({
      async resolve({ request, server }) {
        const user = await required(request)
        if (user.role !== role) throw forbidden('This area is restricted to administrators only.', 'ADMIN_ONLY')
        return { user, rc: contextOf(user, request, server) }
      },
    }),
    visitor: {
      async resolve({ request, server }) {
        return { rc: contextOf(await current(request), request, server) }
      },
    },
  })
}
