import { desc, eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import { messages, users } from '../db/schema'
import { badRequest, notFound } from '../http/errors'
import { notify } from '../notifications/service'
import { audit } from '../infra/audit'
import type { RequestContext } from '../infra/request-context'
import { MAX_MESSAGE_LENGTH } from '../../shared/messages'

/** Blank input and over-long input are refused with a message fit to show (spec part 1 §5). */
function cleanMessage(text: string): string {
  const body = text.trim()
  if (!body) throw badRequest('Message cannot be empty', 'MESSAGE_EMPTY')
  if (body.length > MAX_MESSAGE_LENGTH) throw badRequest(`Message is too long: at most ${MAX_MESSAGE_LENGTH} characters`, 'MESSAGE_TOO_LONG')
  return body
}

const view = (m: typeof messages.$inferSelect) =>
  ({ id: m.id, message: m.body, fromExpert: m.fromExpert, replyTo: m.replyTo, createdAt: m.createdAt })

/** A user's message to the provider. */
export function sendMessage(ctx: AppContext, userId: number, text: string) {
  const row = ctx.db.insert(messages).values({ userId, authorId: userId, body: cleanMessage(text), createdAt: ctx.now() }).returning().get()
  return view(row)
}

/** The user's conversation: their messages and the experts' replies, oldest first. */
export function listOwnMessages(ctx: AppContext, userId: number) {
  return ctx.db.select().from(messages).where(eq(messages.userId, userId)).orderBy(messages.createdAt, messages.id).all().map(view)
}

/** For experts: every message, newest first, with the user's e-mail. */
export function listAllMessages(ctx: AppContext, limit: number) {
  return ctx.db.select({ m: messages, email: users.email }).from(messages).innerJoin(users, eq(users.id, messages.userId))
    .orderBy(desc(messages.createdAt), desc(messages.id)).limit(limit).all()
    .map(({ m, email }) => ({ ...view(m), userId: m.userId, email }))
}

/** An expert's reply: stored in the user's conversation, and the user is notified. */
export function replyToMessage(ctx: AppContext, rc: RequestContext, messageId: number, text: string) {
  const adminId = rc.user.id
  const body = cleanMessage(text)
  const original = ctx.db.select().from(messages).where(eq(messages.id, messageId)).get()
  if (!original) throw notFound('Message not found')
  return ctx.db.transaction(() => {
    const row = ctx.db.insert(messages).values({ userId: original.userId, authorId: adminId, fromExpert: true, replyTo: original.id, body, createdAt: ctx.now() }).returning().get()
    notify(ctx, original.userId, {
      kind: 'message_reply', category: 'message', priority: 'high',
      titleKey: 'home:notifications.reply_title', descriptionKey: 'home:notifications.reply_description',
      params: { excerpt: body.length > 80 ? `${body.slice(0, 79)}…` : body }, actionUrl: '/', actionTextKey: 'home:notifications.action_dashboard',
    })
    audit(ctx, rc, 'message_reply', { messageId })
    return view(row)
  })
}
