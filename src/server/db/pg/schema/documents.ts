import { sql } from 'drizzle-orm'
// PostgreSQL twin of src/server/db/schema/documents.ts.
import { pgTable, bigint, integer, text, boolean, index, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core'
import { users } from './users'

/**
 * A stored document (docs/documents.md): one per user, year, category and original
 * name. Its content lives in versions; `deletedAt` marks a soft delete whose
 * blobs are purged after the grace period.
 */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    categoryId: bigint('category_id', { mode: 'number' }).notNull(),
    originalName: text('original_name').notNull(),
    currentVersion: integer('current_version').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
    deletedAt: bigint('deleted_at', { mode: 'number' }),
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
export const fileVersions = pgTable(
  'file_versions',
  {
    id: text('id').primaryKey(),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    wrappedKey: text('wrapped_key').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    uploadedBy: bigint('uploaded_by', { mode: 'number' }).notNull(),
    /** Added after the year was transmitted (issue 25: a forgotten document): new to the experts. */
    afterTransmission: boolean('after_transmission').notNull().default(false),
    /** When an expert first saw it, and who (SQLite's tree says why there is no foreign key). */
    lateSeenAt: bigint('late_seen_at', { mode: 'number' }),
    lateSeenBy: bigint('late_seen_by', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('file_versions_file_version').on(t.fileId, t.version),
    // The experts' inbox reads the versions added after transmission that no expert has seen (documents/late.ts).
    index('file_versions_late_unseen').on(t.fileId).where(sql`${t.afterTransmission} AND ${t.lateSeenAt} IS NULL`),
  ],
)

/** 'Not relevant' marks per user, year and category. */
export const categoryPreferences = pgTable(
  'category_preferences',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    categoryId: bigint('category_id', { mode: 'number' }).notNull(),
    isRelevant: boolean('is_relevant').notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taxYear, t.categoryId] })],
)
