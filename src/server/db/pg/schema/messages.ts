import { pgTable, bigint, text, boolean, index } from 'drizzle-orm/pg-core'
import { users } from './users'

// PostgreSQL twin of src/server/db/schema/messages.ts. Owned by the messages area (src/server/messages).

/**
 * Messages between a user and the provider's experts: the user's own messages
 * (authorId = userId) and the experts' replies (authorId = the admin, replyTo set).
 */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The user whose conversation this belongs to. */
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    fromExpert: boolean('from_expert').notNull().default(false),
    replyTo: bigint('reply_to', { mode: 'number' }),
    body: text('body').notNull(),
    /**
     * A document sent with the message (issue 25): a file of the documents area, uploaded through its checks (type,
     * size, quota, encryption) like any other; the message only names it.
     */
    attachmentFileId: text('attachment_file_id'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('messages_user_created').on(t.userId, t.createdAt),
    index('messages_created').on(t.createdAt),
    // "Answered" = an expert wrote in the conversation after it: one seek per user (inbox, client list).
    index('messages_user_expert').on(t.userId, t.fromExpert, t.id),
  ],
)
