// PostgreSQL twin of src/server/db/schema/recognition.ts.
import { pgTable, bigint, integer, text, boolean, doublePrecision, index } from 'drizzle-orm/pg-core'
import { fileVersions } from './documents'

/**
 * Recognition of one stored version (docs/recognition.md), owned by src/server/recognition.
 * The row is also the job: `pending` rows are the persisted queue, read oldest first,
 * so jobs left by a stop or a crash run after the next start; a job whose try failed waits
 * until `notBefore`, behind the jobs queued meanwhile. The extracted text is
 * not here: it is an encrypted blob under DATA_DIR/recognition (its data key wrapped in
 * `textKey`), removed with the file. Deleting the version deletes the row.
 */
export const recognitions = pgTable(
  'recognitions',
  {
    versionId: text('version_id')
      .primaryKey()
      .references(() => fileVersions.id, { onDelete: 'cascade' }),
    fileId: text('file_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** pending | done | failed | unsupported */
    status: text('status').notNull(),
    /** The upload said "I don't know the category": move the file once recognised with enough confidence. */
    autoMove: boolean('auto_move').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    /** After a failed try: not tried again before this time (ms), and queued as if it came then. */
    notBefore: bigint('not_before', { mode: 'number' }),
    /** The process reading it now, and until when its claim holds (a crashed reader's job is taken over then). */
    leaseOwner: text('lease_owner'),
    leaseUntil: bigint('lease_until', { mode: 'number' }),
    categoryId: bigint('category_id', { mode: 'number' }),
    confidence: doublePrecision('confidence'),
    language: text('language'),
    documentYear: integer('document_year'),
    fields: text('fields'),
    reason: text('reason'),
    method: text('method'),
    /** Category the file was moved from on its own (autoMove), for the person to be told. */
    movedFrom: integer('moved_from'),
    textKey: text('text_key'),
    ms: bigint('ms', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('recognitions_queue').on(t.status, t.createdAt), index('recognitions_file').on(t.fileId)],
)
