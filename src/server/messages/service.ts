import { desc, eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import { messages } from '../db/schema'
import { emailsOf } from '../users/service'
import { badRequest, notFound } from '../http/errors'
import { notify } from '../notifications/service'
import { queueClientMail } from '../client-mail/service'
import { touchActivity } from '../users/service'
import { audit } from '../infra/audit'
import type { RequestContext } from '../infra/request-context'
import { MAX_MESSAGE_LENGTH } from '../../shared/messages'
import { hasUnsafeTextCharacters } from '../../shared/plain-text'
import type { SQLQueryBindings } from 'bun:sqlite'
import { namesOf } from '../users/service'

/** Blank input and over-long input are refused with a message fit to show (spec part 1 §5). */
function cleanMessage(text: string): string {
  const body = text.trim()
  if (!body) throw badRequest('Message cannot be empty', 'MESSAGE_EMPTY')
  if (body.length > MAX_MESSAGE_LENGTH)
    throw badRequest(`Message is too long: at most ${MAX_MESSAGE_LENGTH} characters`, 'MESSAGE_TOO_LONG')
  if (hasUnsafeTextCharacters(body))
    throw badRequest('Control characters are not allowed in a message.', 'CONTROL_CHARACTERS')
  return body
}

const view = (m: typeof messages.$inferSelect) => ({
  id: m.id,
  message: m.body,
  fromExpert: m.fromExpert,
  replyTo: m.replyTo,
  createdAt: m.createdAt,
})

/** A user's message to the provider. */
export function sendMessage(ctx: AppContext, userId: number, text: string) {
  const row = ctx.db
    .insert(messages)
    .values({ userId, authorId: userId, body: cleanMessage(text), createdAt: ctx.now() })
    .returning()
    .get()
  touchActivity(ctx, userId)
  return view(row)
}

/** The user's conversation: their messages and the experts' replies, oldest first. */
export function listOwnMessages(ctx: AppContext, userId: number) {
  return ctx.db
    .select()
    .from(messages)
    .where(eq(messages.userId, userId))
    .orderBy(messages.createdAt, messages.id)
    .all()
    .map(view)
}

/** For experts: every message, newest first, with the user's e-mail. */
export function listAllMessages(ctx: AppContext, limit: number) {
  const rows = ctx.db.select().from(messages).orderBy(desc(messages.createdAt), desc(messages.id)).limit(limit).all()
  const emails = emailsOf(
    ctx,
    rows.map((m) => m.userId),
  )
  // A message outlives nothing: messages cascade with their user, so every row has an e-mail.
  return rows.map((m) => ({ ...view(m), userId: m.userId, email: emails.get(m.userId) ?? '' }))
}

/** An expert's reply: stored in the user's conversation, and the user is notified. */
export function replyToMessage(ctx: AppContext, rc: RequestContext, messageId: number, text: string) {
  const adminId = rc.user.id
  const body = cleanMessage(text)
  const original = ctx.db.select().from(messages).where(eq(messages.id, messageId)).get()
  if (!original) throw notFound('Message not found')
  return ctx.db.transaction(() => {
    const row = ctx.db
      .insert(messages)
      .values({
        userId: original.userId,
        authorId: adminId,
        fromExpert: true,
        replyTo: original.id,
        body,
        createdAt: ctx.now(),
      })
      .returning()
      .get()
    notify(ctx, original.userId, {
      kind: 'message_reply',
      category: 'message',
      priority: 'high',
      titleKey: 'home:notifications.reply_title',
      descriptionKey: 'home:notifications.reply_description',
      params: { excerpt: body.length > 80 ? `${body.slice(0, 79)}…` : body },
      actionUrl: '/',
      actionTextKey: 'home:notifications.action_dashboard',
    })
    audit(ctx, rc, 'message_reply', { messageId }, { target: { userId: original.userId } })
    queueClientMail(ctx, original.userId, { kind: 'expert_reply' })
    return view(row)
  })
}

/**
 * A client's message counts as answered once an expert has written in that
 * conversation after it (a reply to it or to a later one). Oldest first, across
 * clients: the experts' inbox.
 */
export function unansweredMessages(ctx: AppContext, opts: { limit: number; offset: number; userId?: number }) {
  const where =
    `m.from_expert = 0 AND m.id > COALESCE((SELECT MAX(e.id) FROM messages e WHERE e.user_id = m.user_id AND ` +
    `e.from_expert = 1), 0)` +
    (opts.userId === undefined ? '' : ' AND m.user_id = $userId')
  const params = {
    $limit: opts.limit,
    $offset: opts.offset,
    ...(opts.userId === undefined ? {} : { $userId: opts.userId }),
  }
  const total =
    ctx.sqlite.query<{ n: number }, SQLQueryBindings>(`SELECT COUNT(*) AS n FROM messages m WHERE ${where}`).get(params)
      ?.n ?? 0
  const rows = ctx.sqlite
    .query<{ id: number; userId: number; body: string; createdAt: number }, SQLQueryBindings>(
      `SELECT m.id, m.user_id AS userId, m.body, m.created_at AS createdAt
       FROM messages m WHERE ${where} ORDER BY m.created_at, m.id LIMIT $limit OFFSET $offset`,
    )
    .all(params)
  // The senders' names come from their owner, the users area.
  const names = namesOf(
    ctx,
    rows.map((r) => r.userId),
  )
  const items = rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    message: r.body,
    createdAt: r.createdAt,
    email: names.get(r.userId)?.email ?? '',
    name: names.get(r.userId)?.name ?? '',
  }))
  return { total, items }
}

/** Unanswered messages per client, for the given clients only (one indexed seek each). */
export function unansweredCounts(ctx: AppContext, userIds: number[]): Map<number, number> {
  const out = new Map<number, number>()
  if (!userIds.length) return out
  const q = ctx.sqlite.query<{ n: number }, [number, number]>(
    `SELECT COUNT(*) AS n FROM messages m WHERE m.user_id = ?1 AND m.from_expert = 0
        AND m.id > COALESCE((SELECT MAX(e.id) FROM messages e WHERE e.user_id = ?2 AND e.from_expert = 1), 0)`,
  )
  for (const id of userIds) out.set(id, q.get(id, id)?.n ?? 0)
  return out
}

/** The newest message time per client (the list's "last activity"). */
export function lastMessageAt(ctx: AppContext, userId: number): number | null {
  return (
    ctx.sqlite
      .query<{ at: number | null }, [number]>('SELECT MAX(created_at) AS at FROM messages WHERE user_id = ?')
      .get(userId)?.at ?? null
  )
}
