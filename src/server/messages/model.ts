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
