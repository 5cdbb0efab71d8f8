import { first } from '../db/query'
import { and, eq, isNull } from 'drizzle-orm'
import type { AppContext } from '../context'
import { notifications, reminderReads } from '../db/schema'
import { notFound } from '../http/errors'
import { REMINDERS, profileReminders, type Reminder } from '../../shared/profile'
import type { NotificationItem } from './model'
import { reminderFieldsOf } from '../users/profile'

/** Which reminders apply now, from the fields the users area reads for them (one query: this runs on every poll). */
async function openReminders(ctx: AppContext, userId: number): Promise<Reminder[]> {
  const fields = await reminderFieldsOf(ctx, userId)
  return fields ? profileReminders(fields) : []
}

const REMINDER_SHAPE: Record<Reminder, Pick<NotificationItem, 'category' | 'priority' | 'actionUrl' | 'actionText'>> = {
  name: {
    category: 'profile',
    priority: 'high',
    actionUrl: '/profile',
    actionText: 'home:notifications.action_profile',
  },
  phone: {
    category: 'profile',
    priority: 'high',
    actionUrl: '/profile',
    actionText: 'home:notifications.action_profile',
  },
  address: {
    category: 'profile',
    priority: 'medium',
    actionUrl: '/profile?setup=tax',
    actionText: 'home:notifications.action_tax_profile',
  },
  tax_profile: {
    category: 'profile',
    priority: 'high',
    actionUrl: '/profile?setup=tax',
    actionText: 'home:notifications.action_tax_profile',
  },
}

type EventRow = {
  id: number
  titleKey: string
  descriptionKey: string
  params: string
  category: string
  priority: NotificationItem['priority']
  actionUrl: string | null
  actionTextKey: string | null
  createdAt: number
  readAt: number | null
}

/** Reminders first (they ask for action), then stored events, newest first (the latest 100). */
export async function listNotifications(ctx: AppContext, userId: number): Promise<NotificationItem[]> {
  const read = new Set(
    (await ctx.backend.all<{ r: string }>('SELECT reminder AS r FROM reminder_reads WHERE user_id = ?', userId)).map(
      (x) => x.r,
    ),
  )
  const reminders = (await openReminders(ctx, userId)).map(
    (r): NotificationItem => ({
      id: `reminder-${r}`,
      title: `home:notifications.reminder_${r}_title`,
      description: `home:notifications.reminder_${r}_description`,
      params: {},
      ...REMINDER_SHAPE[r],
      read: read.has(r),
      createdAt: null,
    }),
  )
  const events = (
    await ctx.backend.all<EventRow>(
      `SELECT id, title_key AS "titleKey", description_key AS "descriptionKey", params, category, priority, ` +
        `action_url AS "actionUrl",
            action_text_key AS "actionTextKey", created_at AS "createdAt", read_at AS "readAt"
       FROM notifications WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT 100`,
      userId,
    )
  ).map(
    (n): NotificationItem => ({
      id: `event-${n.id}`,
      title: n.titleKey,
      description: n.descriptionKey,
      params: JSON.parse(n.params),
      category: n.category as NotificationItem['category'],
      priority: n.priority,
      actionUrl: n.actionUrl,
      actionText: n.actionTextKey,
      read: n.readAt !== null,
      createdAt: n.createdAt,
    }),
  )
  return [...reminders, ...events]
}

type EventInput = Omit<typeof notifications.$inferInsert, 'id' | 'userId' | 'createdAt' | 'readAt' | 'params'> & {
  params?: Record<string, string | number>
}

/** Stores an event notification for a user (status change by an expert, transmission, reply). */
export async function notify(ctx: AppContext, userId: number, event: EventInput) {
  await ctx.tx(() =>
    ctx.db
      .insert(notifications)
      .values({ ...event, userId, params: JSON.stringify(event.params ?? {}), createdAt: ctx.now() }),
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
