import { pgTable, bigint, text, index, primaryKey } from 'drizzle-orm/pg-core'
import { users } from './users'

// PostgreSQL twin of src/server/db/schema/notifications.ts. Owned by the notifications area (src/server/notifications).

/**
 * Stored event notifications (spec part 1 §3): a status change by an expert,
 * documents transmitted, a reply to a message. Title and description are i18n
 * keys with JSON parameters, so the client shows them in the reader's language.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['status_changed', 'documents_transmitted', 'message_reply'] }).notNull(),
    titleKey: text('title_key').notNull(),
    descriptionKey: text('description_key').notNull(),
    /** JSON object of the i18n parameters. */
    params: text('params').notNull().default('{}'),
    category: text('category').notNull(),
    priority: text('priority', { enum: ['low', 'medium', 'high'] })
      .notNull()
      .default('medium'),
    actionUrl: text('action_url'),
    actionTextKey: text('action_text_key'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    readAt: bigint('read_at', { mode: 'number' }),
  },
  (t) => [index('notifications_user_created').on(t.userId, t.createdAt)],
)

/**
 * Read marks of the computed profile reminders (they have no row of their own):
 * a read reminder stays listed until its field is filled, but no longer counts
 * in the bell's badge.
 */
export const reminderReads = pgTable(
  'reminder_reads',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reminder: text('reminder').notNull(),
    readAt: bigint('read_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.reminder] })],
)
