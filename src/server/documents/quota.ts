import { first } from '../db/query'
import { eq, sql } from 'drizzle-orm'
import type { AppContext } from '../context'
import { files, fileVersions } from '../db/schema'
import { ApiError } from '../http/errors'
import { PURGE_AFTER_MS } from './lifecycle'

// The bytes stored: everyone's (the experts' system card) and a person's, against the quota (USER_QUOTA_MB).

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
