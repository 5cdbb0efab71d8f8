import type { AppContext } from '../context'
import { pluginSeed } from '../context'
import { Elysia } from 'elysia'

import { forbidden, unauthorized } from '../http/errors'
import { readCookie } from '../http/request'
import { sessionCookieName, type SessionStore } from './session'

/**
 * The one auth macro (STYLE.md): routes say `{ auth: true }` or `{ role: 'admin' }`
 * and receive `user`. Admin checks happen here, on the server, never in the browser.
 */
export function authPlugin(ctx: AppContext, sessions: SessionStore) {
  const cookieName = sessionCookieName(ctx)
  const current = (request: Request) => sessions.lookup(readCookie(request, cookieName))
  return new Elysia({ name: 'auth', seed: pluginSeed(ctx) }).macro({
    auth: {
      resolve({ request }) {
        const user = current(request)
        if (!user) throw unauthorized()
        return { user }
      },
    },
    role: (role: 'admin') => ({
      resolve({ request }) {
        const user = current(request)
        if (!user) throw unauthorized()
        if (user.role !== role) throw forbidden('This area is restricted to administrators only.', 'ADMIN_ONLY')
        return { user }
      },
    }),
  })
}
