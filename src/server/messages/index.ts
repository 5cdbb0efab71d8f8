import { Elysia, t } from 'elysia'
import { pluginSeed, type AppContext } from '../context'
import type { SessionStore } from '../infra/sessions'
import { authPlugin } from '../infra/auth-plugin'
import { listAllMessages, listOwnMessages, replyToMessage, sendMessage } from './service'

// Length is checked in the service after trimming, so the answer can say 'Message cannot be empty'.
import { messageSchema, messageWithSenderSchema } from './model'
import { enforce, LIMITS } from '../infra/rate-limit'

const messageBody = t.Object({ message: t.String({ maxLength: 20_000 }) })

/** Messages to the provider (spec part 1 §2 'Send Message'), and the experts' side. */
export function messageRoutes(ctx: AppContext, sessions: SessionStore) {
  return new Elysia({ name: 'message-routes', seed: pluginSeed(ctx) })
    .use(authPlugin(ctx, sessions))
    .post(
      '/api/send-message',
      async ({ user, body }) => {
        await enforce(
          ctx,
          LIMITS.message,
          user.id,
          'You have sent many messages in the last hour. Please try again later.',
        )
        const item = await sendMessage(ctx, user.id, body.message, body.attachmentFileId)
        return { success: true, message: 'Message Sent', item }
      },
      {
        auth: true,
        // A document uploaded before (POST /api/files/upload) may go with it (issue 25).
        body: t.Object({
          message: t.String({ maxLength: 20_000 }),
          attachmentFileId: t.Optional(t.String({ maxLength: 64 })),
        }),
        response: t.Object({ success: t.Boolean(), message: t.String(), item: messageSchema }),
      },
    )
    .get('/api/messages', ({ user }) => listOwnMessages(ctx, user.id), { auth: true, response: t.Array(messageSchema) })
    .get('/api/admin/messages', ({ query }) => listAllMessages(ctx, query.limit ?? 200), {
      role: 'admin',
      query: t.Object({ limit: t.Optional(t.Numeric({ minimum: 1, maximum: 1000, multipleOf: 1 })) }),
      response: t.Array(messageWithSenderSchema),
    })
    .post(
      '/api/admin/messages/:id/reply',
      async ({ rc, params, body }) => {
        return { success: true, item: await replyToMessage(ctx, rc, params.id, body.message) }
      },
      {
        role: 'admin',
        params: t.Object({ id: t.Numeric({ minimum: 1, multipleOf: 1 }) }),
        body: messageBody,
        response: t.Object({ success: t.Boolean(), item: messageSchema }),
      },
    )
}
