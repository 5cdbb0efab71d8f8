import { type Static, type TSchema, t } from 'elysia'
import { REMINDERS } from '../../shared/profile'
import { TAX_STATUSES } from '../../shared/tax-status'
import { oneOf } from '../http/schemas'

const common = {
  id: t.String(),
  category: t.Union([
    t.Literal('profile'),
    t.Literal('subscription'),
    t.Literal('status'),
    t.Literal('documents'),
    t.Literal('message'),
  ]),
  priority: t.Union([t.Literal('low'), t.Literal('medium'), t.Literal('high')]),
  actionUrl: t.Nullable(t.String()),
  read: t.Boolean(),
  createdAt: t.Nullable(t.Number()),
}

const item = <C extends string, P extends TSchema>(code: C, params: P) =>
  t.Object({ ...common, code: t.Literal(code), params })

/**
 * One item of GET /api/notifications (spec part 1 §3): a message code with its parameters, never a text or an
 * i18n key; the client gives each code its own texts (src/client/ui/notification-texts.ts).
 * - `reminder`: a profile field is missing (computed on every poll, not stored);
 * - `status_changed`: an expert moved the year to `status`, with the expert's `note` when there is one;
 * - `documents_transmitted`: the client transmitted the year;
 * - `message_reply`: an expert answered a message (`excerpt`, its first 80 characters).
 * Stored events keep their code in the `kind` column (rows written before the codes carried i18n keys as well;
 * their kind and parameters are all that is read).
 */
export const notificationSchema = t.Union([
  item('reminder', t.Object({ field: oneOf(REMINDERS) })),
  item(
    'status_changed',
    t.Object({
      year: t.Integer(),
      status: oneOf(TAX_STATUSES.map((s) => s.name)),
      note: t.Optional(t.String()),
    }),
  ),
  item('documents_transmitted', t.Object({ year: t.Integer() })),
  item('message_reply', t.Object({ excerpt: t.String() })),
])
export type NotificationItem = Static<typeof notificationSchema>
export type NotificationCode = NotificationItem['code']
/** What a writer hands to `notify`: the code and its parameters. */
export type NotificationMessage = {
  [C in NotificationCode]: Pick<Extract<NotificationItem, { code: C }>, 'code' | 'params'>
}[NotificationCode]
