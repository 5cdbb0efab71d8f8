import type { AppContext } from './context'
import { enqueue } from './recognition/service'

/**
 * At start: the current version of every live document that has no recognition row is queued. Those are
 * documents stored before an upgrade that brought recognition (or before a restore of an older backup);
 * nothing else would ever read them. Failed reads keep their row and are not retried here. The running
 * queue (recognition/runner.ts) picks them up in the background, oldest first.
 */
export function queueUnread(ctx: AppContext): number {
  const rows = ctx.sqlite
    .query<
      { versionId: string; fileId: string; userId: number; taxYear: number; categoryId: number; name: string },
      []
    >(
      `SELECT v.id AS versionId, f.id AS fileId, f.user_id AS userId, f.tax_year AS taxYear,
              f.category_id AS categoryId, f.original_name AS name
         FROM files f
         JOIN file_versions v ON v.file_id = f.id AND v.version = f.current_version
         LEFT JOIN recognitions r ON r.version_id = v.id
        WHERE f.deleted_at IS NULL AND r.version_id IS NULL
        ORDER BY v.rowid`,
    )
    .all()
  for (const row of rows) enqueue(ctx, { ...row, autoCategory: false })
  return rows.length
}
