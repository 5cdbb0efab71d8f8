import type { AppContext } from './context'
import { enqueue } from './recognition/service'
import { APP_VERSION } from '../shared/version'

/**
 * At start: the current version of every live document that has no recognition row is queued. Those are
 * documents stored before an upgrade that brought recognition (or before a restore of an older backup);
 * nothing else would ever read them. Failed reads keep their row and are not retried here. The running
 * queue (recognition/runner.ts) picks them up in the background, oldest first.
 */
export async function queueUnread(ctx: AppContext): Promise<number> {
  const rows = await ctx.backend.all<{
    versionId: string
    fileId: string
    userId: number
    taxYear: number
    categoryId: number
    name: string
  }>(`SELECT v.id AS "versionId", f.id AS "fileId", f.user_id AS "userId", f.tax_year AS "taxYear",
              f.category_id AS "categoryId", f.original_name AS name
         FROM files f
         JOIN file_versions v ON v.file_id = f.id AND v.version = f.current_version
         LEFT JOIN recognitions r ON r.version_id = v.id
        WHERE f.deleted_at IS NULL AND r.version_id IS NULL
        ORDER BY v.created_at, v.id`)
  for (const row of rows) await enqueue(ctx, { ...row, autoCategory: false })
  return rows.length
}

/**
 * At start: after an upgrade (another swisstax version than the one that last started on this folder), the
 * documents whose reading failed are queued again, since the new version may read them (a failed read keeps its
 * row, so queueUnread does not see it). Once per upgrade: the version is recorded in app_meta. Returns how many.
 */
export async function retryFailedAfterUpgrade(ctx: AppContext, version: string = APP_VERSION): Promise<number> {
  // Read and recorded in one transaction: of two processes starting at once after an upgrade, one retries.
  return await ctx.tx(async () => {
    await ctx.lock('app_meta:last_version')
    const last = (await ctx.backend.get<{ value: string }>("SELECT value FROM app_meta WHERE key = 'last_version'"))
      ?.value
    if (last === version) return 0
    // A first start records its version only: nothing was read by an older one.
    const retried =
      last === undefined
        ? 0
        : (
            await ctx.backend.run(
              `UPDATE recognitions SET status = 'pending', attempts = 0, not_before = NULL, updated_at = ?
                WHERE status = 'failed'
                  AND version_id IN (SELECT v.id FROM files f
                                       JOIN file_versions v ON v.file_id = f.id AND v.version = f.current_version
                                      WHERE f.deleted_at IS NULL)`,
              ctx.now(),
            )
          ).changes
    await ctx.backend.run(
      "INSERT INTO app_meta (key, value) VALUES ('last_version', ?) " +
        'ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      version,
    )
    return retried
  })
}
