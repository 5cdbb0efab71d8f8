import { and, eq, isNull } from 'drizzle-orm'
import type { AppContext } from '../context'
import { notifications, reminderReads } from '../db/schema'
import { notFound } from '../http/errors'
import { REMINDERS, profileReminders, type Reminder } from '../../shared/profile'
import type { NotificationItem } from '../../shared/notifications'
import { reminderFieldsOf } from '../users/profile'

/** Which reminders apply now, from the fields the users area reads for them (one query: this runs on every poll). */
function openReminders(ctx: AppContext, userId: number): Reminder[] {
  const fields = reminderFieldsOf(ctx, userId)
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
export function listNotifications(ctx: AppContext, userId: number): NotificationItem[] {
  const read = new Set(
    ctx.sqlite
      .query<{ r: string }, [number]>('SELECT reminder AS r FROM reminder_reads WHERE user_id = ?')
      .all(userId)
      .map((x) => x.r),
  )
  const reminders = openReminders(ctx, userId).map(
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
  const events = ctx.sqlite
    .query<EventRow, [number]>(
      `SELECT id, title_key AS titleKey, description_key AS descriptionKey, params, category, priority, action_url ` +
        `AS actionUrl,
            action_text_key AS actionTextKey, created_at AS createdAt, read_at AS readAt
       FROM notifications WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT 100`,
    )
    .all(userId)
    .map(
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
export function notify(ctx: AppContext, userId: number, event: EventInput) {
  ctx.db
    .insert(notifications)
    .values({ ...event, userId, params: JSON.stringify(event.params ?? {}), createdAt: ctx.now() })
    .run()
}

/** Marks one notification read. Another user's id, or an unknown one, is a 404. */
export function markRead(ctx: AppContext, userId: number, id: string) {
  const reminder = /^reminder-(.+)$/.exec(id)?.[1]
  if (reminder && (REMINDERS as readonly string[]).includes(reminder)) {
    ctx.db.insert(reminderReads).values({ userId, reminder, readAt: ctx.now() }).onConflictDoNothing().run()
    return
  }
  const eventId = /^event-(\d{1,15})$/.exec(id)?.[1]
  if (!eventId) throw notFound('Notification not found')
  const row = ctx.db
    .select({ readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, Number(eventId)), eq(notifications.userId, userId)))
    .get()
  if (!row) throw notFound('Notification not found')
  if (row.readAt === null)
    ctx.db
      .update(notifications)
      .set({ readAt: ctx.now() })
      .where(eq(notifications.id, Number(eventId)))
      .run()
}

/** Marks every current notification read, reminders included, in one transaction. */
export function markAllRead(ctx: AppContext, userId: number) {
  const now = ctx.now()
  const open = openReminders(ctx, userId)
  ctx.db.transaction((tx) => {
    for (const reminder of open)
      tx.insert(reminderReads).values({ userId, reminder, readAt: now }).onConflictDoNothing().run()
    tx.update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .run()
  })
}
