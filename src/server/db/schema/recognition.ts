import { sqliteTable, integer, text, real, index } from 'drizzle-orm/sqlite-core'
import { fileVersions } from './documents'

/**
 * Recognition of one stored version (docs/recognition.md), owned by src/server/recognition.
 * The row is also the job: `pending` rows are the persisted queue, read oldest first,
 * so jobs left by a stop or a crash run after the next start; a job whose try failed waits
 * until `notBefore`, behind the jobs queued meanwhile. The extracted text is
 * not here: it is an encrypted blob under DATA_DIR/recognition (its data key wrapped in
 * `textKey`), removed with the file. Deleting the version deletes the row.
 */
export const recognitions = sqliteTable(
  'recognitions',
  {
    versionId: text('version_id')
      .primaryKey()
      .references(() => fileVersions.id, { onDelete: 'cascade' }),
    fileId: text('file_id').notNull(),
    userId: integer('user_id').notNull(),
    /** pending | done | failed | unsupported */
    status: text('status').notNull(),
    /** The upload said "I don't know the category": move the file once recognised with enough confidence. */
    autoMove: integer('auto_move', { mode: 'boolean' }).notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    /** After a failed try: not tried again before this time (ms), and queued as if it came then. */
    notBefore: integer('not_before'),
    /** The process reading it now, and until when its claim holds (a crashed reader's job is taken over then). */
    leaseOwner: text('lease_owner'),
    leaseUntil: integer('lease_until'),
    categoryId: integer('category_id'),
    confidence: real('confidence'),
    language: text('language'),
    documentYear: integer('document_year'),
    fields: text('fields'),
    reason: text('reason'),
    method: text('method'),
    /** Category the file was moved from on its own (autoMove), for the person to be told. */
    movedFrom: integer('moved_from'),
    textKey: text('text_key'),
    ms: integer('ms'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('recognitions_queue').on(t.status, t.createdAt), index('recognitions_file').on(t.fileId)],
)
