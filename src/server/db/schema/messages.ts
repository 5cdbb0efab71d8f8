import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core'
import { users } from './users'

// Owned by the messages area (src/server/messages).

/**
 * Messages between a user and the provider's experts: the user's own messages
 * (authorId = userId) and the experts' replies (authorId = the admin, replyTo set).
 */
export const messages = sqliteTable(
  'messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The user whose conversation this belongs to. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    fromExpert: integer('from_expert', { mode: 'boolean' }).notNull().default(false),
    replyTo: integer('reply_to'),
    body: text('body').notNull(),
    /**
     * A document sent with the message (issue 25): a file of the documents area, uploaded through its checks (type,
     * size, quota, encryption) like any other; the message only names it.
     */
    attachmentFileId: text('attachment_file_id'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('messages_user_created').on(t.userId, t.createdAt),
    index('messages_created').on(t.createdAt),
    // "Answered" = an expert wrote in the conversation after it: one seek per user (inbox, client list).
    index('messages_user_expert').on(t.userId, t.fromExpert, t.id),
  ],
)
