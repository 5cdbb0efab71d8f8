// PostgreSQL twin of src/server/db/schema/client-mail.ts.
import { pgTable, bigint, integer, text, index, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './users'

/**
 * Mail to clients waiting to be sent or sent (the client-mail area). A request only
 * inserts a row; the sender delivers it in the background and retries a failed one
 * later, so a slow or down SMTP server never holds up or fails a request.
 * `dedupeKey` makes a deadline reminder go out once per client, year and reminder.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['expert_reply', 'status_changed', 'deadline_reminder'] }).notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    dedupeKey: text('dedupe_key'),
    /**
     * Mails with the same key replace each other while they wait (a status mail per client
     * and year: Auto Advance and the Loop move a status every 2 s, the client gets one mail
     * with where it settled).
     */
    coalesceKey: text('coalesce_key'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: bigint('next_attempt_at', { mode: 'number' }).notNull(),
    lastError: text('last_error'),
    sentAt: bigint('sent_at', { mode: 'number' }),
    /** The process sending it now, and until when its claim holds (a crashed sender's mail is taken over then). */
    leaseOwner: text('lease_owner'),
    leaseUntil: bigint('lease_until', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe').on(t.dedupeKey),
    index('mail_outbox_due').on(t.sentAt, t.nextAttemptAt),
    index('mail_outbox_coalesce').on(t.coalesceKey),
  ],
)
