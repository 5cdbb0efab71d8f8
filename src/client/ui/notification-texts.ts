import type { NotificationEntry } from '../api/notifications'
import type { Reminder } from '../../shared/profile'

/** The three i18n keys (namespace home) a notification is shown with. */
export interface NotificationTexts {
  title: string
  description: string
  action: string
}

type Code = NotificationEntry['code']
type ParamsOf<C extends Code> = Extract<NotificationEntry, { code: C }>['params']

const REMINDER_TEXTS: Record<Reminder, NotificationTexts> = {
  name: {
    title: 'notifications.reminder_name_title',
    description: 'notifications.reminder_name_description',
    action: 'notifications.action_profile',
  },
  phone: {
    title: 'notifications.reminder_phone_title',
    description: 'notifications.reminder_phone_description',
    action: 'notifications.action_profile',
  },
  address: {
    title: 'notifications.reminder_address_title',
    description: 'notifications.reminder_address_description',
    action: 'notifications.action_tax_profile',
  },
  tax_profile: {
    title: 'notifications.reminder_tax_profile_title',
    description: 'notifications.reminder_tax_profile_description',
    action: 'notifications.action_tax_profile',
  },
}

/**
 * The texts of each message code the server sends (src/server/notifications/model.ts); a code added there fails
 * the build here until it has its texts, and src/client/ui/notification-texts.test.ts checks them in every language.
 */
export const NOTIFICATION_TEXTS: { [C in Code]: (params: ParamsOf<C>) => NotificationTexts } = {
  reminder: ({ field }) => REMINDER_TEXTS[field],
  status_changed: ({ note }) => ({
    title: 'notifications.status_changed_title',
    description: note ? 'notifications.status_changed_note_description' : 'notifications.status_changed_description',
    action: 'notifications.action_dashboard',
  }),
  documents_transmitted: () => ({
    title: 'notifications.transmitted_title',
    description: 'notifications.transmitted_description',
    action: 'notifications.action_dashboard',
  }),
  message_reply: () => ({
    title: 'notifications.reply_title',
    description: 'notifications.reply_description',
    action: 'notifications.action_dashboard',
  }),
}

/** A code with its parameters, as the server sends it. */
export type NotificationMessage = { [C in Code]: { code: C; params: ParamsOf<C> } }[Code]

/** A notification's i18n keys (namespace home), chosen by its code and parameters. */
export function notificationTexts(n: NotificationMessage): NotificationTexts {
  switch (n.code) {
    case 'reminder':
      return NOTIFICATION_TEXTS.reminder(n.params)
    case 'status_changed':
      return NOTIFICATION_TEXTS.status_changed(n.params)
    case 'documents_transmitted':
      return NOTIFICATION_TEXTS.documents_transmitted(n.params)
    case 'message_reply':
      return NOTIFICATION_TEXTS.message_reply(n.params)
  }
}
