import { Elysia, t } from 'elysia'
import { pluginSeed, type AppContext } from '../context'
import type { SessionStore } from '../infra/sessions'
import { authPlugin } from '../infra/auth-plugin'
import { jsonWithEtag } from '../http/etag'
import { successSchema } from '../http/schemas'
import { notificationSchema } from './model'
import { listNotifications, markAllRead, markRead } from './service'

/** GET /api/notifications (polled every 30 s, so ETag/304) and the read marks. */
export function notificationRoutes(ctx: AppContext, sessions: SessionStore) {
  return new Elysia({ name: 'notification-routes', seed: pluginSeed(ctx) })
    .use(authPlugin(ctx, sessions))
    .get(
      '/api/notifications',
      async ({ user, request, set }) => jsonWithEtag({ request, set }, await listNotifications(ctx, user.id)),
      {
        auth: true,
        response: t.Array(notificationSchema),
      },
    )
    .post(
      '/api/notifications/read-all',
      async ({ user }) => {
        await markAllRead(ctx, user.id)
        return { success: true }
      },
      { auth: true, response: successSchema },
    )
    .post(
      '/api/notifications/:id/read',
      async ({ user, params }) => {
        await markRead(ctx, user.id, params.id)
        return { success: true }
      },
      { auth: true, params: t.Object({ id: t.String({ maxLength: 40 }) }), response: successSchema },
    )
}
