import { type Static, t } from 'elysia'

/**
 * One item of GET /api/notifications (spec part 1 §3). `title`, `description` and `actionText` are i18n keys
 * (namespace home); `params` fills them.
 */
export const notificationSchema = t.Object({
  id: t.String(),
  title: t.String(),
  description: t.String(),
  params: t.Record(t.String(), t.Union([t.String(), t.Number()])),
  category: t.Union([
    t.Literal('profile'),
    t.Literal('subscription'),
    t.Literal('status'),
    t.Literal('documents'),
    t.Literal('message'),
  ]),
  priority: t.Union([t.Literal('low'), t.Literal('medium'), t.Literal('high')]),
  actionUrl: t.Nullable(t.String()),
  actionText: t.Nullable(t.String()),
  read: t.Boolean(),
  createdAt: t.Nullable(t.Number()),
})
export type NotificationItem = Static<typeof notificationSchema>
