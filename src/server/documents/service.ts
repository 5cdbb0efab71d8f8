import { first } from '../db/query'
import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, isNull, isNotNull, lt, sql } from 'drizzle-orm'
import type { AppContext } from '../context'
import { categoryPreferences, files, fileVersions } from '../db/schema'
import { ApiError, badRequest, conflict, notFound } from '../http/errors'
import { taxYearParam } from '../http/params'
import { audit } from '../infra/audit'
import { actorMay } from '../infra/actor-may'
import type { RequestContext } from '../infra/request-context'
import {
  categoryById,
  DEFAULT_CATEGORY_ID,
  extensionOf,
  MIME_BY_EXTENSION,
  type AllowedExtension,
  type FileRecord,
  type FileVersionRecord,
} from '../../shared/documents'
import type { RelevanceAnswer, UploadAnswer, UploadItemResult } from './model'
import type { BlobStore } from '../infra/blob-store'
import type { ParsedUpload } from './multipart'
import { categoryName } from './categories'
import { emitRemoved, emitStored, summariesOf } from './events'
import { cachedRead } from '../http/read-cache'
import { touchActivity } from '../users/service'

export interface Viewer {
  id: number
  role: string
  language: string
}

/**
 * What the documents ask of the areas that read them, and tell them. Those areas
 * (tax-status, advanced) import documents, so documents cannot import them back:
 * src/server/wiring.ts implements this and app.ts hands it in. The status machine
 * decides; documents only report.
 */
export interface DocumentHooks {
  /** Throws (409) unless the user's documents of the year, in this category, may change now. */
  requireOpen(userId: number, taxYear: number, categoryId?: number): Promise<void>
  /**
   * Throws (409) unless a document may be added now. After transmission it may (issue 25: a forgotten document),
   * answered as `late`: it reaches the experts as new. Deleting and moving stay closed (requireOpen).
   */
  requireMayAdd(userId: number, taxYear: number, categoryId: number): Promise<{ late: boolean }>
  /** Files or not-relevant marks changed for (user, year); answers whether the status moved. */
  filesChanged(userId: number, taxYear: number): Promise<boolean>
  /** A named section toggle ('spouse', 'children') sent to the category call; undefined when the key names none. */
  toggleSection(userId: number, key: string, taxYear: unknown, enabled: boolean): Promise<RelevanceAnswer | undefined>
}

export type { RelevanceAnswer } from './model'

/** Deleted files keep their blobs this long, then maintenance purges them. */
export const PURGE_AFTER_MS = 30 * 24 * 3_600_000

const iso = (ms: number) => new Date(ms).toISOString()
const versionUrl = (fileId: string, version: number) => `/api/files/${fileId}/versions/${version}/content`

/** The year of a change: parsed by the one year parser, then the status says whether it is open. */
async function requireWritableYear(hooks: DocumentHooks, userId: number, taxYear: unknown): Promise<number> {
  const year = taxYearParam(taxYear)
  await hooks.requireOpen(userId, year)
  return year
}

function requireCategory(raw: unknown): number {
  if (raw === undefined || raw === null || raw === '') return DEFAULT_CATEGORY_ID
  const id = Number(raw)
  if (!Number.isInteger(id) || !categoryById(id))
    throw badRequest(`Invalid field 'categoryId': no such document category`, 'UNKNOWN_CATEGORY')
  return id
}

type UploadedFile = ParsedUpload['files'][number]

/** A streamed file is stored only when its content type fits its name and its SHA-256 is the one the client sent. */
async function verifyUploadedFile(file: UploadedFile, hash: string | undefined) {
  if (file.error) throw file.error
  if (!file.writer || !file.sha256) throw new ApiError(400, 'UPLOAD_FAILED', 'Upload failed')
  await file.inspector!.check(file.name, file.writer.head)
  const expected = (hash ?? '').trim().toLowerCase()
  if (!/^[0-9a-f]{64}$/.test(expected))
    throw badRequest(`Missing field 'hashes': a SHA-256 is required for ${file.name}`, 'MISSING_HASH')
  if (expected !== file.sha256)
    throw new ApiError(422, 'HASH_MISMATCH', `Upload verification failed: the SHA-256 of ${file.name} does not match.`)
  return { writer: file.writer, sha256: file.sha256 }
}

/**
 * One verified file's rows: a new file, a new version of the same name in the same category and year, or nothing
 * when the content equals the current version. The lookup (same name → new version), the quota and the insert are
 * one transaction under the person's lock: no other upload, in this process or another, interleaves between them.
 */
async function storeVersion(
  ctx: AppContext,
  store: BlobStore,
  hooks: DocumentHooks,
  owner: Viewer,
  place: { taxYear: number; categoryId: number },
  file: UploadedFile,
  verified: { writer: NonNullable<UploadedFile['writer']>; sha256: string },
) {
  const { taxYear, categoryId } = place
  return await ctx.tx(async () => {
    await ctx.lock(`files:${owner.id}`)
    // Asked again inside the transaction: the year may have been transmitted while the file streamed in (the
    // version is then marked as arriving after the transmission).
    await ctx.lock(`status:${owner.id}:${taxYear}`)
    const { late } = await hooks.requireMayAdd(owner.id, taxYear, categoryId)
    const existing = await first(
      ctx.db
        .select()
        .from(files)
        .where(
          and(
            eq(files.userId, owner.id),
            eq(files.taxYear, taxYear),
            eq(files.categoryId, categoryId),
            eq(files.originalName, file.name),
            isNull(files.deletedAt),
          ),
        ),
    )
    const current =
      existing &&
      (await first(
        ctx.db
          .select()
          .from(fileVersions)
          .where(and(eq(fileVersions.fileId, existing.id), eq(fileVersions.version, existing.currentVersion))),
      ))
    if (existing && current?.sha256 === verified.sha256) return { existing, unchanged: true as const }
    if ((await storageUsed(ctx, owner.id)) + file.size > ctx.config.userQuotaBytes) throw quotaExceeded(ctx)
    const fileId = existing?.id ?? randomUUID()
    const versionId = randomUUID()
    const version = (existing?.currentVersion ?? 0) + 1
    const now = ctx.now()
    if (existing)
      await ctx.db.update(files).set({ currentVersion: version, updatedAt: now }).where(eq(files.id, fileId))
    else
      await ctx.db.insert(files).values({
        id: fileId,
        userId: owner.id,
        taxYear,
        categoryId,
        originalName: file.name,
        currentVersion: 1,
        createdAt: now,
        updatedAt: now,
      })
    await ctx.db.insert(fileVersions).values({
      id: versionId,
      fileId,
      version,
      sha256: verified.sha256,
      size: file.size,
      wrappedKey: file.wrappedKey!,
      createdAt: now,
      uploadedBy: owner.id,
      afterTransmission: late,
    })
    // Last, so the row commits only once the blob is stored (renamed into place, or PUT to the bucket): a refusal
    // before it leaves the blob in its temporary file, which the caller discards; a failure after it, an orphan
    // that the scheduled sweep removes.
    await store.commit(verified.writer, fileId, versionId)
    return { existing, unchanged: false as const, fileId, versionId, version }
  })
}

/**
 * Checks each streamed file (content type, hash) and stores the good ones (storeVersion). Refused files leave
 * nothing behind. The blob is renamed into place before its row commits.
 */
export async function storeUploads(
  ctx: AppContext,
  store: BlobStore,
  hooks: DocumentHooks,
  owner: Viewer,
  parsed: ParsedUpload,
  input: { taxYear: unknown; categoryId: unknown; hashes: string[]; autoCategory?: boolean },
): Promise<UploadAnswer> {
  let taxYear: number, categoryId: number
  try {
    taxYear = taxYearParam(input.taxYear)
    // "I don't know the category": Other Documents, until recognition moves it (docs/recognition.md).
    categoryId = input.autoCategory ? DEFAULT_CATEGORY_ID : requireCategory(input.categoryId)
    await hooks.requireMayAdd(owner.id, taxYear, categoryId)
    if (parsed.files.length === 0) throw badRequest(`Missing field 'files': no file was uploaded`, 'NO_FILES')
  } catch (err) {
    parsed.discardAll()
    throw err
  }

  const results: UploadItemResult[] = []
  for (const [i, file] of parsed.files.entries()) {
    try {
      const verified = await verifyUploadedFile(file, input.hashes[i])
      const stored = await storeVersion(ctx, store, hooks, owner, { taxYear, categoryId }, file, verified)
      if (stored.unchanged) {
        const { existing } = stored
        verified.writer.discard()
        const value = { id: existing.id, version: existing.currentVersion }
        results.push({
          status: 'fulfilled',
          value: { hash: verified.sha256, blobUrl: versionUrl(value.id, value.version), ...value, unchanged: true },
        })
        continue
      }
      const { existing, fileId, versionId, version } = stored
      await emitStored(ctx, {
        fileId,
        versionId,
        userId: owner.id,
        taxYear,
        categoryId: existing?.categoryId ?? categoryId,
        name: file.name,
        autoCategory: !!input.autoCategory,
      })
      results.push({
        status: 'fulfilled',
        value: { hash: verified.sha256, blobUrl: versionUrl(fileId, version), id: fileId, version, unchanged: false },
      })
    } catch (err) {
      file.writer?.discard()
      if (!(err instanceof ApiError)) ctx.log.error('upload failed', { error: (err as Error)?.stack ?? String(err) })
      const e = err instanceof ApiError ? err : new ApiError(400, 'UPLOAD_FAILED', 'Upload failed')
      results.push({ status: 'rejected', reason: e.message, code: e.code, httpStatus: e.status, filename: file.name })
    }
  }
  const failedCount = results.filter((r) => r.status === 'rejected').length
  if (failedCount < results.length) await touchActivity(ctx, owner.id)
  const statusAdvanced = failedCount < results.length && (await hooks.filesChanged(owner.id, taxYear))
  return { files: results, failedCount, statusAdvanced }
}

/** The categories that have a live file or are marked not relevant for the year (tax-status reads this for 2→3). */
export async function coveredCategories(ctx: AppContext, userId: number, taxYear: number): Promise<Set<number>> {
  const withFiles = await ctx.db
    .selectDistinct({ id: files.categoryId })
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.taxYear, taxYear), isNull(files.deletedAt)))

  const notRelevant = await ctx.db
    .select({ id: categoryPreferences.categoryId })
    .from(categoryPreferences)
    .where(
      and(
        eq(categoryPreferences.userId, userId),
        eq(categoryPreferences.taxYear, taxYear),
        eq(categoryPreferences.isRelevant, false),
      ),
    )

  return new Set([...withFiles, ...notRelevant].map((r) => r.id))
}

type FileRow = typeof files.$inferSelect

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
/** Two fixed texts, so that bun:sqlite's statement cache keeps both compiled (a poll builds no SQL). */
const LIST_OF_YEAR = `${LIST_SELECT} AND f.tax_year = ?${LIST_ORDER}`
const LIST_ALL = LIST_SELECT + LIST_ORDER

/**
 * One page of a user's live files, newest first. The page size bounds the cost whatever the total. Raw
 * statements of fixed text, the page's and its recognitions' (the polled list: drizzle's builder cost more than
 * the rows, issue 28); files_user_year serves the per-year page in order. The page is kept until the
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

/** The live file if the viewer owns it or is an admin; 404 otherwise, so others learn nothing. */
async function fileForViewer(ctx: AppContext, viewer: Viewer, fileId: string): Promise<FileRow> {
  const row = await first(
    ctx.db
      .select()
      .from(files)
      .where(and(eq(files.id, fileId), isNull(files.deletedAt))),
  )
  if (!row || !actorMay(viewer, row.userId)) throw notFound('File not found', 'FILE_NOT_FOUND')
  return row
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

/** A version to serve; an expert reading another user's file is audited, with the address. */
export async function versionForViewer(ctx: AppContext, rc: RequestContext, fileId: string, version?: number) {
  const file = await fileForViewer(ctx, rc.user, fileId)
  const v = await first(
    ctx.db
      .select()
      .from(fileVersions)
      .where(and(eq(fileVersions.fileId, fileId), eq(fileVersions.version, version ?? file.currentVersion))),
  )
  if (!v) throw notFound('File version not found', 'FILE_NOT_FOUND')
  if (file.userId !== rc.user.id)
    await audit(ctx, rc, 'admin_download', { fileId, version: v.version }, { target: { userId: file.userId } })
  return { file, version: v }
}

/** Soft delete: the row stays hidden for the grace period, then maintenance purges row and blobs. */
export async function softDelete(
  ctx: AppContext,
  hooks: DocumentHooks,
  viewer: Viewer,
  fileId: string,
): Promise<{ statusAdvanced: boolean }> {
  const file = await fileForViewer(ctx, viewer, fileId)
  // The year's check and the deletion in one transaction under its lock: a transmission cannot come between.
  await ctx.tx(async () => {
    await ctx.lock(`status:${file.userId}:${file.taxYear}`)
    await hooks.requireOpen(file.userId, file.taxYear)
    await ctx.db.update(files).set({ deletedAt: ctx.now() }).where(eq(files.id, fileId))
  })
  // What was read from it goes now, not after the grace period: it is as sensitive as the file.
  await emitRemoved(ctx, fileId)
  if (viewer.id === file.userId) await touchActivity(ctx, file.userId)
  return { statusAdvanced: await hooks.filesChanged(file.userId, file.taxYear) }
}

/** Maintenance task: removes files deleted longer than the grace period, blob first, then the rows. */
export async function purgeDeleted(ctx: AppContext, store: BlobStore): Promise<number> {
  const due = await ctx.db
    .select({ id: files.id })
    .from(files)
    .where(and(isNotNull(files.deletedAt), lt(files.deletedAt, ctx.now() - PURGE_AFTER_MS)))

  for (const { id } of due) {
    // Rows first: a crash in between leaves a blob without a row, which the start-up sweep removes,
    // never a row without its blob.
    await ctx.tx(() => ctx.db.delete(files).where(eq(files.id, id)))
    await store.removeFile(id)
    await emitRemoved(ctx, id)
  }
  return due.length
}

/** For the start-up sweep of orphan blobs: whether a stored blob has its version row. */
export async function storedVersionCheck(ctx: AppContext): Promise<(fileId: string, versionId: string) => boolean> {
  const known = new Set(
    (await ctx.db.select({ fileId: fileVersions.fileId, id: fileVersions.id }).from(fileVersions)).map(
      (v) => `${v.fileId}/${v.id}`,
    ),
  )
  return (fileId, versionId) => known.has(`${fileId}/${versionId}`)
}

/** Files and stored versions across all users, and their bytes (the experts' system card). */
export async function storedTotals(ctx: AppContext): Promise<{ files: number; versions: number; bytes: number }> {
  return (await ctx.backend.get<{
    files: number
    versions: number
    bytes: number
  }>(`SELECT (SELECT COUNT(*) FROM files WHERE deleted_at IS NULL) AS files, COUNT(*) AS versions,
         COALESCE(SUM(size), 0) AS bytes FROM file_versions`))!
}

/**
 * Stored bytes of a person (USER_QUOTA_MB): every version of their files, deleted ones included while they are
 * kept (PURGE_AFTER_MS), since they are still on disk until then. Otherwise deleting and uploading again would
 * store any amount under a small quota.
 */
export async function storageUsed(ctx: AppContext, userId: number): Promise<number> {
  return (await storageOf(ctx, userId)).usedBytes
}

/** The person's storage: all of it, the part held by deleted files, and when the first of those is freed. */
export async function storageOf(ctx: AppContext, userId: number) {
  const row = await first(
    ctx.db
      .select({
        used: sql<number>`coalesce(sum(${fileVersions.size}), 0)`.mapWith(Number),
        deleted:
          sql<number>`coalesce(sum(case when ${files.deletedAt} is not null then ${fileVersions.size} end), 0)`.mapWith(
            Number,
          ),
        firstDeletedAt: sql<number | null>`min(${files.deletedAt})`.mapWith(Number),
      })
      .from(fileVersions)
      .innerJoin(files, eq(files.id, fileVersions.fileId))
      .where(eq(files.userId, userId)),
  )
  return {
    usedBytes: row?.used ?? 0,
    deletedBytes: row?.deleted ?? 0,
    /** When the oldest deleted file is removed for good (the maintenance job runs hourly), or null. */
    nextFreedAt: row?.firstDeletedAt == null ? null : row.firstDeletedAt + PURGE_AFTER_MS,
  }
}

export const quotaExceeded = (ctx: AppContext) =>
  new ApiError(
    413,
    'QUOTA_EXCEEDED',
    `Your storage is full (${Math.round(ctx.config.userQuotaBytes / 1024 / 1024)} MB). Deleted files count for 30 ` +
      `days; see "Your data" on your profile for when space is freed.`,
  )

/** Refuses an upload before its body is read when the person is already at the limit. */
export async function requireStorageLeft(ctx: AppContext, userId: number) {
  if ((await storageUsed(ctx, userId)) >= ctx.config.userQuotaBytes) throw quotaExceeded(ctx)
}

export async function setRelevance(
  ctx: AppContext,
  hooks: DocumentHooks,
  userId: number,
  categoryId: number,
  taxYear: unknown,
  isRelevant: boolean,
) {
  const year = await requireWritableYear(hooks, userId, taxYear)
  if (!categoryById(categoryId)) throw notFound('No such document category', 'UNKNOWN_CATEGORY')
  await ctx.tx(async () => {
    await ctx.lock(`status:${userId}:${year}`)
    await hooks.requireOpen(userId, year, categoryId)
    await ctx.db
      .insert(categoryPreferences)
      .values({ userId, taxYear: year, categoryId, isRelevant, updatedAt: ctx.now() })
      .onConflictDoUpdate({
        target: [categoryPreferences.userId, categoryPreferences.taxYear, categoryPreferences.categoryId],
        set: { isRelevant, updatedAt: ctx.now() },
      })
  })

  return {
    success: true,
    categoryId,
    taxYear: year,
    isRelevant,
    statusAdvanced: await hooks.filesChanged(userId, year),
  }
}

/** Per category: live file count and relevance for the year. */
export async function categoryState(ctx: AppContext, userId: number, taxYear: number | undefined) {
  const counts = new Map<number, number>()
  const relevance = new Map<number, boolean>()
  if (taxYear !== undefined) {
    for (const r of await ctx.db
      .select({ id: files.categoryId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(files)
      .where(and(eq(files.userId, userId), eq(files.taxYear, taxYear), isNull(files.deletedAt)))
      .groupBy(files.categoryId))
      counts.set(r.id, r.n)
    for (const r of await ctx.db
      .select()
      .from(categoryPreferences)
      .where(and(eq(categoryPreferences.userId, userId), eq(categoryPreferences.taxYear, taxYear))))
      relevance.set(r.categoryId, r.isRelevant)
  }
  return { counts, relevance }
}

/**
 * Moves a file with all its versions to another category of the same year (owner or
 * admin). The 2→3 check runs again: the new category may complete the required ones.
 */
export async function moveFile(
  ctx: AppContext,
  hooks: DocumentHooks,
  viewer: Viewer,
  fileId: string,
  input: { categoryId: unknown; taxYear?: unknown },
) {
  const file = await fileForViewer(ctx, viewer, fileId)
  const raw = input.categoryId
  const categoryId = typeof raw === 'number' || (typeof raw === 'string' && raw.trim() !== '') ? Number(raw) : NaN
  if (!Number.isInteger(categoryId) || !categoryById(categoryId))
    throw badRequest(`Invalid field 'categoryId': no such document category`, 'UNKNOWN_CATEGORY')
  if (input.taxYear !== undefined && taxYearParam(input.taxYear) !== file.taxYear) {
    throw badRequest(`Invalid field 'taxYear': a file moves only within its own year (${file.taxYear})`, 'OTHER_YEAR')
  }
  await hooks.requireOpen(file.userId, file.taxYear)
  if (categoryId === file.categoryId)
    return { success: true, id: file.id, categoryId, taxYear: file.taxYear, statusAdvanced: false }
  // The year's check, the name clash and the move in one transaction under the person's and the year's locks.
  await ctx.tx(async () => {
    await ctx.lock(`files:${file.userId}`)
    await ctx.lock(`status:${file.userId}:${file.taxYear}`)
    await hooks.requireOpen(file.userId, file.taxYear)
    const clash = await first(
      ctx.db
        .select({ id: files.id })
        .from(files)
        .where(
          and(
            eq(files.userId, file.userId),
            eq(files.taxYear, file.taxYear),
            eq(files.categoryId, categoryId),
            eq(files.originalName, file.originalName),
            isNull(files.deletedAt),
          ),
        ),
    )
    if (clash) throw conflict(`A file named ${file.originalName} is already in that category.`, 'NAME_TAKEN')
    await ctx.db.update(files).set({ categoryId, updatedAt: ctx.now() }).where(eq(files.id, fileId))
  })
  return {
    success: true,
    id: file.id,
    categoryId,
    taxYear: file.taxYear,
    statusAdvanced: await hooks.filesChanged(file.userId, file.taxYear),
  }
}

/** The plaintext of one stored version, for recognition. Null when the file or version is gone. */
export async function versionContent(ctx: AppContext, store: BlobStore, fileId: string, versionId: string) {
  const file = await liveFile(ctx, fileId)
  const version =
    file &&
    (await first(
      ctx.db
        .select()
        .from(fileVersions)
        .where(and(eq(fileVersions.id, versionId), eq(fileVersions.fileId, fileId))),
    ))
  if (!file || !version) return null
  const bytes = new Uint8Array(await new Response(store.read(fileId, versionId, version.wrappedKey)).arrayBuffer())
  return { file, version, bytes }
}

/** The live file row, for areas that act on a file without a viewer (recognition's own move). */
export const liveFile = async (ctx: AppContext, fileId: string) =>
  (await first(
    ctx.db
      .select()
      .from(files)
      .where(and(eq(files.id, fileId), isNull(files.deletedAt))),
  )) ?? null

/**
 * Live files named elsewhere (a message's attachment, issue 25): owner, name and the current version's address.
 * A deleted or unknown file is absent.
 */
export async function fileLinks(ctx: AppContext, fileIds: string[]) {
  const ids = [...new Set(fileIds)]
  if (ids.length === 0) return new Map<string, { fileId: string; userId: number; filename: string; blobUrl: string }>()
  const rows = await ctx.db
    .select({ id: files.id, userId: files.userId, name: files.originalName, version: files.currentVersion })
    .from(files)
    .where(and(inArray(files.id, ids), isNull(files.deletedAt)))
  return new Map(
    rows.map((r) => [r.id, { fileId: r.id, userId: r.userId, filename: r.name, blobUrl: versionUrl(r.id, r.version) }]),
  )
}

/** The current version of a file the viewer may see (no audit: for reading derived data such as recognition). */
/** A version of a file the viewer may see (the current one unless `version` names another); 404 otherwise. */
export async function currentVersionFor(ctx: AppContext, viewer: Viewer, fileId: string, version?: number) {
  const file = await fileForViewer(ctx, viewer, fileId)
  const row = await first(
    ctx.db
      .select()
      .from(fileVersions)
      .where(and(eq(fileVersions.fileId, fileId), eq(fileVersions.version, version ?? file.currentVersion))),
  )
  if (!row) throw notFound('File version not found', 'FILE_NOT_FOUND')
  return { file, version: row }
}

/**
 * `swisstax keys rotate`: every data key re-wrapped under the new master key, in one transaction; the blobs stay as
 * they are.
 */
export async function rewrapDataKeys(
  ctx: AppContext,
  from: { unwrap(w: string): Buffer },
  to: { wrap(k: Buffer): string },
): Promise<number> {
  return await ctx.tx(async () => {
    const rows = await ctx.db.select({ id: fileVersions.id, wrappedKey: fileVersions.wrappedKey }).from(fileVersions)
    for (const row of rows) {
      await ctx.db
        .update(fileVersions)
        .set({ wrappedKey: to.wrap(from.unwrap(row.wrappedKey)) })
        .where(eq(fileVersions.id, row.id))
    }
    return rows.length
  })
}

/** Every version of a person's live files, for the export (oldest first within a file). */
export async function exportableVersions(ctx: AppContext, userId: number) {
  return await ctx.db
    .select({
      fileId: files.id,
      versionId: fileVersions.id,
      version: fileVersions.version,
      currentVersion: files.currentVersion,
      taxYear: files.taxYear,
      categoryId: files.categoryId,
      name: files.originalName,
      size: fileVersions.size,
      sha256: fileVersions.sha256,
      wrappedKey: fileVersions.wrappedKey,
      createdAt: fileVersions.createdAt,
    })
    .from(fileVersions)
    .innerJoin(files, eq(files.id, fileVersions.fileId))
    .where(and(eq(files.userId, userId), isNull(files.deletedAt)))
    .orderBy(files.taxYear, files.categoryId, files.originalName, fileVersions.version)
}

/**
 * Account deletion: every file of the person, deleted ones too. The data keys are
 * overwritten first (secure_delete, on for every connection (db/index.ts), zeroes the
 * freed cells and pages, and the WAL is checkpointed), so the blobs are unreadable before they are unlinked;
 * then the rows go, then the blobs. A crash after the rows leaves only orphan
 * blobs without keys, which the start-up sweep removes.
 */
export async function destroyAllFilesOf(ctx: AppContext, store: BlobStore, userId: number): Promise<number> {
  const ids = (await ctx.db.select({ id: files.id }).from(files).where(eq(files.userId, userId))).map((r) => r.id)
  await ctx.tx(async () => {
    for (const id of ids) {
      await ctx.db.update(fileVersions).set({ wrappedKey: '' }).where(eq(fileVersions.fileId, id))
      await ctx.db.delete(files).where(eq(files.id, id))
    }
  })
  await ctx.backend.eraseDeletedTraces()
  for (const id of ids) {
    await store.removeFile(id)
    await emitRemoved(ctx, id)
  }
  return ids.length
}

/**
 * The current version of every live file of a year, in category order and by name within a category (the
 * expert's dossier). Metadata only; the bytes are read one document at a time with `versionContent`.
 */
export async function currentVersionsOfYear(ctx: AppContext, userId: number, taxYear: number) {
  return await ctx.db
    .select({
      fileId: files.id,
      versionId: fileVersions.id,
      version: fileVersions.version,
      originalName: files.originalName,
      categoryId: files.categoryId,
      size: fileVersions.size,
      sha256: fileVersions.sha256,
      uploadedAt: fileVersions.createdAt,
    })
    .from(files)
    .innerJoin(fileVersions, and(eq(fileVersions.fileId, files.id), eq(fileVersions.version, files.currentVersion)))
    .where(and(eq(files.userId, userId), eq(files.taxYear, taxYear), isNull(files.deletedAt)))
    .orderBy(files.categoryId, files.originalName, files.id)
}
