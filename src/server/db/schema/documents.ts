import { sql } from 'drizzle-orm'
import { sqliteTable, integer, text, index, uniqueIndex, primaryKey } from 'drizzle-orm/sqlite-core'
import { users } from './users'

/**
 * A stored document (docs/documents.md): one per user, year, category and original
 * name. Its content lives in versions; `deletedAt` marks a soft delete whose
 * blobs are purged after the grace period.
 */
export const files = sqliteTable(
  'files',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    categoryId: integer('category_id').notNull(),
    originalName: text('original_name').notNull(),
    currentVersion: integer('current_version').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    deletedAt: integer('deleted_at'),
  },
  // The polled lists (documents/listing.ts) read a page in order from these two, newest first with the id as tie-break,
  // without a sort: one year's files, and all years'.
  (t) => [
    index('files_user_year').on(t.userId, t.taxYear, t.updatedAt, t.id),
    index('files_user_updated').on(t.userId, t.updatedAt, t.id),
    index('files_deleted').on(t.deletedAt),
  ],
)

/**
 * One version of a file: an encrypted blob at blobs/<fileId>/<id>, with its
 * data key wrapped by the master key. Its name (and so its type) is the file's:
 * versions are made by uploading the same name again. Written only after the blob is on disk.
 */
export const fileVersions = sqliteTable(
  'file_versions',
  {
    id: text('id').primaryKey(),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    wrappedKey: text('wrapped_key').notNull(),
    createdAt: integer('created_at').notNull(),
    uploadedBy: integer('uploaded_by').notNull(),
    /** Added after the year was transmitted (issue 25: a forgotten document): new to the experts. */
    afterTransmission: integer('after_transmission', { mode: 'boolean' }).notNull().default(false),
    /**
     * When an expert first saw it (opened the client's year, or marked it seen in the inbox), and who: seen for the
     * whole team (documents/late.ts). No foreign key, like uploadedBy: adding one would rebuild the table.
     */
    lateSeenAt: integer('late_seen_at'),
    lateSeenBy: integer('late_seen_by'),
  },
  (t) => [
    uniqueIndex('file_versions_file_version').on(t.fileId, t.version),
    // The experts' inbox reads the versions added after transmission that no expert has seen (documents/late.ts).
    index('file_versions_late_unseen').on(t.fileId).where(sql`${t.afterTransmission} = 1 AND ${t.lateSeenAt} IS NULL`),
  ],
)

/** 'Not relevant' marks per user, year and category. */
export const categoryPreferences = sqliteTable(
  'category_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    categoryId: integer('category_id').notNull(),
    isRelevant: integer('is_relevant', { mode: 'boolean' }).notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taxYear, t.categoryId] })],
)
