import { first, one } from '../db/query'
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
import { namesOf } from '../users/service'
import { fileLinks } from '../documents/reads'

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

type Row = typeof messages.$inferSelect
type Links = Awaited<ReturnType<typeof fileLinks>>

/** A message's document with its name and address; a deleted document leaves the message without its link. */
const attachmentOf = (fileId: string | null, links: Links) => {
  const a = fileId ? links.get(fileId) : undefined
  return a ? { fileId: a.fileId, filename: a.filename, blobUrl: a.blobUrl } : null
}

const view = (m: Row, links: Links) => ({
  id: m.id,
  message: m.body,
  fromExpert: m.fromExpert,
  replyTo: m.replyTo,
  createdAt: m.createdAt,
  attachment: attachmentOf(m.attachmentFileId, links),
})

/** Messages with their attachments' names and addresses, read in one query. */
const views = async (ctx: AppContext, rows: Row[]) => {
  const links = await fileLinks(
    ctx,
    rows.flatMap((m) => (m.attachmentFileId ? [m.attachmentFileId] : [])),
  )
  return rows.map((m) => view(m, links))
}

/**
 * A user's message to the provider, with a document of theirs attached when `attachmentFileId` names one (uploaded
 * before through the documents area, so its checks applied); another's or a deleted file is a 404.
 */
export async function sendMessage(ctx: AppContext, userId: number, text: string, attachmentFileId?: string) {
  const body = cleanMessage(text)
  if (
    attachmentFileId !== undefined &&
    (await fileLinks(ctx, [attachmentFileId])).get(attachmentFileId)?.userId !== userId
  )
    throw notFound('The attached document was not found', 'FILE_NOT_FOUND')
  const row = await ctx.tx(() =>
    one(
      ctx.db
        .insert(messages)
        .values({ userId, authorId: userId, body, attachmentFileId: attachmentFileId ?? null, createdAt: ctx.now() })
        .returning(),
    ),
  )
  await touchActivity(ctx, userId)
  return (await views(ctx, [row!]))[0]!
}

/** The user's conversation: their messages and the experts' replies, oldest first. */
export async function listOwnMessages(ctx: AppContext, userId: number) {
  return await views(
    ctx,
    await ctx.db.select().from(messages).where(eq(messages.userId, userId)).orderBy(messages.createdAt, messages.id),
  )
}

/** For experts: every message, newest first, with the user's e-mail. */
export async function listAllMessages(ctx: AppContext, limit: number) {
  const rows = await ctx.db.select().from(messages).orderBy(desc(messages.createdAt), desc(messages.id)).limit(limit)
  const emails = await emailsOf(
    ctx,
    rows.map((m) => m.userId),
  )
  // A message outlives nothing: messages cascade with their user, so every row has an e-mail.
  const shown = await views(ctx, rows)
  return rows.map((m, i) => ({ ...shown[i]!, userId: m.userId, email: emails.get(m.userId) ?? '' }))
}

/** An expert's reply: stored in the user's conversation, and the user is notified. */
export async function replyToMessage(ctx: AppContext, rc: RequestContext, messageId: number, text: string) {
  const adminId = rc.user.id
  const body = cleanMessage(text)
  const original = await first(ctx.db.select().from(messages).where(eq(messages.id, messageId)))
  if (!original) throw notFound('Message not found')
  return await ctx.tx(async () => {
    const row = await one(
      ctx.db
        .insert(messages)
        .values({
          userId: original.userId,
          authorId: adminId,
          fromExpert: true,
          replyTo: original.id,
          body,
          createdAt: ctx.now(),
        })
        .returning(),
    )
    await notify(ctx, original.userId, {
      code: 'message_reply',
      params: { excerpt: body.length > 80 ? `${body.slice(0, 79)}…` : body },
    })
    await audit(ctx, rc, 'message_reply', { messageId }, { target: { userId: original.userId } })
    await queueClientMail(ctx, original.userId, { kind: 'expert_reply' })
    return view(row!, new Map())
  })
}

/**
 * A client's message counts as answered once an expert has written in that
 * conversation after it (a reply to it or to a later one). Oldest first, across
 * clients: the experts' inbox.
 */
export async function unansweredMessages(ctx: AppContext, opts: { limit: number; offset: number; userId?: number }) {
  const where =
    `m.from_expert = FALSE AND m.id > COALESCE((SELECT MAX(e.id) FROM messages e WHERE e.user_id = m.user_id AND ` +
    `e.from_expert = TRUE), 0)` +
    (opts.userId === undefined ? '' : ' AND m.user_id = ?')
  const params = opts.userId === undefined ? [] : [opts.userId]
  const total =
    (await ctx.backend.get<{ n: number }>(`SELECT COUNT(*) AS n FROM messages m WHERE ${where}`, ...params))?.n ?? 0
  const rows = await ctx.backend.all<{
    id: number
    userId: number
    body: string
    createdAt: number
    attachmentFileId: string | null
  }>(
    `SELECT m.id, m.user_id AS "userId", m.body, m.created_at AS "createdAt",
            m.attachment_file_id AS "attachmentFileId"
       FROM messages m WHERE ${where} ORDER BY m.created_at, m.id LIMIT ? OFFSET ?`,
    ...params,
    opts.limit,
    opts.offset,
  )
  // The senders' names come from their owner, the users area; the attachments' from the documents area.
  const names = await namesOf(
    ctx,
    rows.map((r) => r.userId),
  )
  const links = await fileLinks(
    ctx,
    rows.flatMap((r) => (r.attachmentFileId ? [r.attachmentFileId] : [])),
  )
  const items = rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    message: r.body,
    createdAt: r.createdAt,
    email: names.get(r.userId)?.email ?? '',
    name: names.get(r.userId)?.name ?? '',
    attachment: attachmentOf(r.attachmentFileId, links),
  }))
  return { total, items }
}

/** Unanswered messages per client, for the given clients only (one indexed seek each). */
export async function unansweredCounts(ctx: AppContext, userIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>()
  for (const id of userIds) {
    const row = await ctx.backend.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM messages m WHERE m.user_id = ? AND m.from_expert = FALSE
          AND m.id > COALESCE((SELECT MAX(e.id) FROM messages e WHERE e.user_id = ? AND e.from_expert = TRUE), 0)`,
      id,
      id,
    )
    out.set(id, row?.n ?? 0)
  }
  return out
}

/** The newest message time per client (the list's "last activity"). */
export async function lastMessageAt(ctx: AppContext, userId: number): Promise<number | null> {
  return (
    (
      await ctx.backend.get<{ at: number | null }>(
        'SELECT MAX(created_at) AS at FROM messages WHERE user_id = ?',
        userId,
      )
    )?.at ?? null
  )
}
