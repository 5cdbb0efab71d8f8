import { t } from 'elysia'

/** One message of a conversation, as the user and the experts see it. */
export const messageSchema = t.Object({
  id: t.Number(),
  message: t.String(),
  fromExpert: t.Boolean(),
  replyTo: t.Nullable(t.Number()),
  createdAt: t.Number(),
  /** A document sent with the message (issue 25), stored like any other; null without one or once deleted. */
  attachment: t.Nullable(t.Object({ fileId: t.String(), filename: t.String(), blobUrl: t.String() })),
})

/** GET /api/admin/messages: every conversation's messages, newest first, with whose they are. */
export const messageWithSenderSchema = t.Object({
  ...messageSchema.properties,
  userId: t.Number(),
  email: t.String(),
})

/** GET /api/admin/inbox: the clients' messages no expert has answered yet, oldest first, a page of them. */
export const inboxSchema = t.Object({
  total: t.Number(),
  items: t.Array(
    t.Object({
      id: t.Number(),
      userId: t.Number(),
      message: t.String(),
      createdAt: t.Number(),
      email: t.String(),
      name: t.String(),
      attachment: messageSchema.properties.attachment,
    }),
  ),
  page: t.Number(),
  pageSize: t.Number(),
})
