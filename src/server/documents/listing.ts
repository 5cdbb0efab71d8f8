import { desc, eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import { fileVersions } from '../db/schema'
import {
  extensionOf,
  MIME_BY_EXTENSION,
  type AllowedExtension,
  type FileRecord,
  type FileVersionRecord,
} from '../../shared/documents'
import { categoryName } from './categories'
import { summariesOf } from './events'
import { cachedRead } from '../http/read-cache'
import { fileForViewer, versionUrl, type FileRow, type Viewer } from './access'

// The polled list of a person's files, and one file's versions.

const iso = (ms: number) => new Date(ms).toISOString()

function toRecord(
  row: FileRow & { uploadedAt: number; size: number; afterTransmission?: boolean },
  language: string,
  recognition: FileRecord['recognition'],
): FileRecord {
  const name = row.originalName
  return {
    id: row.id,
    filename: name,
    fileName: name,
    originalFileName: name,
    categoryId: row.categoryId,
    categoryName: categoryName(row.categoryId, language),
    taxYear: row.taxYear,
    uploadedAt: iso(row.uploadedAt),
    createdAt: iso(row.createdAt),
    blobUrl: versionUrl(row.id, row.currentVersion),
    version: row.currentVersion,
    size: row.size,
    mimeType: MIME_BY_EXTENSION[extensionOf(name) as AllowedExtension] ?? 'application/octet-stream',
    userId: row.userId,
    recognition,
    afterTransmission: row.afterTransmission ?? false,
  }
}

/** The columns of a listed file: the file and its current version. */
type ListedRow = FileRow & { versionId: string; uploadedAt: number; size: number; afterTransmission: number | boolean }

const LIST_SELECT =
  'SELECT f.id, f.user_id AS "userId", f.tax_year AS "taxYear", f.category_id AS "categoryId", f.original_name AS ' +
  '"originalName", f.current_version AS "currentVersion", f.created_at AS "createdAt", f.updated_at AS "updatedAt", ' +
  'f.deleted_at AS "deletedAt", v.id AS "versionId", v.created_at AS "uploadedAt", v.size, ' +
  'v.after_transmission AS "afterTransmission" FROM files f JOIN ' +
  'file_versions v ON v.file_id = f.id AND v.version = f.current_version WHERE f.user_id = ? AND f.deleted_at IS NULL'
const LIST_ORDER = ' ORDER BY f.updated_at DESC, f.id DESC LIMIT ? OFFSET ?'
/**
 * Two fixed texts, so that bun:sqlite's statement cache keeps both compiled (a poll builds no SQL). files_user_year
 * serves the year's page in order and files_user_updated all years' (db/schema/documents.ts; listing.test.ts reads
 * the plans).
 */
export const LIST_OF_YEAR = `${LIST_SELECT} AND f.tax_year = ?${LIST_ORDER}`
export const LIST_ALL = LIST_SELECT + LIST_ORDER

/**
 * One page of a user's live files, newest first. The page size bounds the cost whatever the total. Raw
 * statements of fixed text, the page's and its recognitions' (the polled list: drizzle's builder cost more than
 * the rows, issue 28), each read in order from an index. The page is kept until the
 * database changes (http/read-cache.ts), so that a poll with nothing new costs a lookup, not a build: the answer
 * may be shared with other callers, read it and never change it.
 */
export async function listFiles(
  ctx: AppContext,
  userId: number,
  language: string,
  opts: { taxYear?: number; limit: number; offset: number },
): Promise<FileRecord[]> {
  const key = `files:${userId}:${opts.taxYear}:${opts.limit}:${opts.offset}:${language}`
  return cachedRead(ctx, key, () => listPage(ctx, userId, language, opts))
}

async function listPage(
  ctx: AppContext,
  userId: number,
  language: string,
  opts: { taxYear?: number; limit: number; offset: number },
): Promise<FileRecord[]> {
  const rows =
    opts.taxYear === undefined
      ? await ctx.backend.all<ListedRow>(LIST_ALL, userId, opts.limit, opts.offset)
      : await ctx.backend.all<ListedRow>(LIST_OF_YEAR, userId, opts.taxYear, opts.limit, opts.offset)
  // The recognition's summaries come through the documents' hook (events.ts), which recognition registers.
  const recognition = await summariesOf(
    ctx,
    rows.map((r) => r.versionId),
  )
  return rows.map((r) =>
    toRecord({ ...r, afterTransmission: Boolean(r.afterTransmission) }, language, recognition.get(r.versionId) ?? null),
  )
}

export async function fileHistory(ctx: AppContext, viewer: Viewer, fileId: string): Promise<FileVersionRecord[]> {
  const file = await fileForViewer(ctx, viewer, fileId)
  return (
    await ctx.db.select().from(fileVersions).where(eq(fileVersions.fileId, fileId)).orderBy(desc(fileVersions.version))
  ).map((v) => ({
    version: v.version,
    createdAt: iso(v.createdAt),
    blobUrl: versionUrl(fileId, v.version),
    filename: file.originalName,
    size: v.size,
  }))
}
