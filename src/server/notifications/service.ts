import { first } from '../db/query'
import { and, eq, isNull } from 'drizzle-orm'
import type { AppContext } from '../context'
import { cachedRead } from '../http/read-cache'
import { notifications, reminderReads } from '../db/schema'
import { notFound } from '../http/errors'
import { REMINDERS, profileReminders, type Reminder } from '../../shared/profile'
import type { NotificationItem, NotificationMessage } from './model'
import { reminderFieldsOf } from '../users/profile'

/** Which reminders apply now, from the fields the users area reads for them (one query: this runs on every poll). */
async function openReminders(ctx: AppContext, userId: number): Promise<Reminder[]> {
  const fields = await reminderFieldsOf(ctx, userId)
  return fields ? profileReminders(fields) : []
}

type Shape = Pick<NotificationItem, 'category' | 'priority' | 'actionUrl'>

const REMINDER_SHAPE: Record<Reminder, Shape> = {
  name: { category: 'profile', priority: 'high', actionUrl: '/profile' },
  phone: { category: 'profile', priority: 'high', actionUrl: '/profile' },
  address: { category: 'profile', priority: 'medium', actionUrl: '/profile?setup=tax' },
  tax_profile: { category: 'profile', priority: 'high', actionUrl: '/profile?setup=tax' },
}

/** A stored event: every code but the computed reminders. */
export type EventMessage = Exclude<NotificationMessage, { code: 'reminder' }>

const EVENT_SHAPE: Record<EventMessage['code'], Shape> = {
  status_changed: { category: 'status', priority: 'high', actionUrl: '/' },
  documents_transmitted: { category: 'documents', priority: 'medium', actionUrl: '/' },
  message_reply: { category: 'message', priority: 'high', actionUrl: '/' },
}

type EventRow = {
  id: number
  kind: EventMessage['code']
  params: string
  category: NotificationItem['category']
  priority: NotificationItem['priority']
  actionUrl: string | null
  createdAt: number
  readAt: number | null
}

/**
 * Reminders first (they ask for action), then stored events, newest first (the latest 100). Polled: kept until the
 * database changes (http/read-cache.ts), a new event or a read mark by any process included.
 */
export function listNotifications(ctx: AppContext, userId: number): Promise<NotificationItem[]> {
  return cachedRead(ctx, `notifications:${userId}`, () => buildNotifications(ctx, userId))
}

async function buildNotifications(ctx: AppContext, userId: number): Promise<NotificationItem[]> {
  const read = new Set(
    (await ctx.backend.all<{ r: string }>('SELECT reminder AS r FROM reminder_reads WHERE user_id = ?', userId)).map(
      (x) => x.r,
    ),
  )
  const reminders = (await openReminders(ctx, userId)).map(
    (field): NotificationItem => ({
      id: `reminder-${field}`,
      code: 'reminder',
      params: { field },
      ...REMINDER_SHAPE[field],
      read: read.has(field),
      createdAt: null,
    }),
  )
  // The code is the row's kind. Rows written before the codes also hold i18n keys (title_key …): not read.
  const events = (
    await ctx.backend.all<EventRow>(
      `SELECT id, kind, params, category, priority, action_url AS "actionUrl", created_at AS "createdAt", ` +
        `read_at AS "readAt"
       FROM notifications WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT 100`,
      userId,
    )
  ).map(
    (n) =>
      ({
        id: `event-${n.id}`,
        code: n.kind,
        params: JSON.parse(n.params),
        category: n.category,
        priority: n.priority,
        actionUrl: n.actionUrl,
        read: n.readAt !== null,
        createdAt: n.createdAt,
      }) as NotificationItem,
  )
  return [...reminders, ...events]
}

/**
 * Stores an event notification for a user (a status change by an expert, a transmission, a reply): its code and
 * parameters; where it leads and how urgent it is follow from the code. The i18n key columns of the table are
 * from before the codes and stay empty (docs/statuses.md).
 */
export async function notify(ctx: AppContext, userId: number, message: EventMessage) {
  await ctx.tx(() =>
    ctx.db.insert(notifications).values({
      userId,
      kind: message.code,
      titleKey: '',
      descriptionKey: '',
      actionTextKey: null,
      params: JSON.stringify(message.params),
      ...EVENT_SHAPE[message.code],
      createdAt: ctx.now(),
    }),
  )
}

/** Marks one notification read. Another user's id, or an unknown one, is a 404. */
export async function markRead(ctx: AppContext, userId: number, id: string) {
  const reminder = /^reminder-(.+)$/.exec(id)?.[1]
  if (reminder && (REMINDERS as readonly string[]).includes(reminder)) {
    await ctx.tx(() =>
      ctx.db.insert(reminderReads).values({ userId, reminder, readAt: ctx.now() }).onConflictDoNothing(),
    )
    return
  }
  const eventId = /^event-(\d{1,15})$/.exec(id)?.[1]
  if (!eventId) throw notFound('Notification not found')
  const row = await first(
    ctx.db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(and(eq(notifications.id, Number(eventId)), eq(notifications.userId, userId))),
  )
  if (!row) throw notFound('Notification not found')
  if (row.readAt === null)
    await ctx.tx(() =>
      ctx.db
        .update(notifications)
        .set({ readAt: ctx.now() })
        .where(eq(notifications.id, Number(eventId))),
    )
}

/** Marks every current notification read, reminders included, in one transaction. */
export async function markAllRead(ctx: AppContext, userId: number) {
  const now = ctx.now()
  const open = await openReminders(ctx, userId)
  await ctx.tx(async () => {
    for (const reminder of open)
      await ctx.db.insert(reminderReads).values({ userId, reminder, readAt: now }).onConflictDoNothing()
    await ctx.db
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  })
}
