import { first } from '../db/query'
import { and, eq, isNull, isNotNull, lt } from 'drizzle-orm'
import type { AppContext } from '../context'
import { files, fileVersions } from '../db/schema'
import { badRequest, conflict } from '../http/errors'
import { taxYearParam } from '../http/params'
import { categoryById } from '../../shared/documents'
import type { BlobStore } from '../infra/blob-store'
import { emitRemoved } from './events'
import { touchActivity } from '../users/service'
import { fileForViewer, type Viewer } from './access'
import type { DocumentHooks } from './hooks'

// A stored file's life after the upload: moved to another category, deleted (kept for a grace period), purged,
// erased with the account; and the start-up sweep's check of orphan blobs.

/** Deleted files keep their blobs this long, then maintenance purges them. */
export const PURGE_AFTER_MS = 30 * 24 * 3_600_000

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
