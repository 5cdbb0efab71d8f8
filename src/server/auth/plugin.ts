import type { AppContext } from '../context'
import { pluginSeed } from '../context'
import { Elysia } from 'elysia'

import { ApiError, forbidden } from '../http/errors'
import { readCookie } from '../http/request'
import { sessionCookie, sessionCookieName, type SessionStore } from './session'

/**
 * The one auth macro (STYLE.md): routes say `{ auth: true }` or `{ role: 'admin' }`
 * and receive `user`. Admin checks happen here, on the server, never in the browser.
 */
export function authPlugin(ctx: AppContext, sessions: SessionStore) {
  const cookieName = sessionCookieName(ctx)
  /** The session's user; a 401 otherwise, which clears a cookie that was sent (unknown, expired or malformed). */
  const current = (request: Request) => {
    const token = readCookie(request, cookieName)
    const user = sessions.lookup(token)
    if (user) return user
    const headers: Record<string, string> = token === undefined ? {} : { 'Set-Cookie': sessionCookie(ctx, '', 0) }
    throw new ApiError(401, 'SESSION_EXPIRED', 'Session expired', headers)
  }
  return new Elysia({ name: 'auth', seed: pluginSeed(ctx) }).macro({
    auth: {
      resolve({ request }) {
        return { user: current(request) }
      },
    },
    role: (role: 'admin') => ({
      resolve({ request }) {
        const user = current(request)
        if (user.role !== role) throw forbidden('This area is restricted to administrators only.', 'ADMIN_ONLY')
        return { user }
      },
    }),
  })
}
