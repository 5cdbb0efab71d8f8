import type { AppContext } from '../context'

// Documents added after a year was transmitted (issue 25: a forgotten document): the experts' notice of them, in the
// client list, the inbox and the client page. A file counts while its current version is one added after the
// transmission; deleted files do not count.

const LATE = `FROM files f JOIN file_versions v ON v.file_id = f.id AND v.version = f.current_version
  WHERE f.deleted_at IS NULL AND v.after_transmission = 1`

/** How many of each client's files of the year arrived after its transmission (the client list's page of ids). */
export async function lateUploadCounts(ctx: AppContext, userIds: number[], taxYear: number) {
  const out = new Map<number, number>()
  if (!userIds.length) return out
  // The files of each client and year through files_user_year, each current version through its unique index.
  const rows = await ctx.backend.all<{ userId: number; n: number }>(
    `SELECT f.user_id AS userId, COUNT(*) AS n ${LATE} AND f.tax_year = $year
        AND f.user_id IN (${userIds.map((_, i) => `$id${i}`).join(',')}) GROUP BY f.user_id`,
    { $year: taxYear, ...Object.fromEntries(userIds.map((id, i) => [`$id${i}`, id])) },
  )
  for (const r of rows) out.set(r.userId, r.n)
  return out
}

/** The clients with documents after transmission, per year, the newest arrival first: the experts' inbox. */
export async function lateUploadsByClient(ctx: AppContext, limit: number) {
  return await ctx.backend.all<{ userId: number; taxYear: number; count: number; lastAt: number }>(
    `SELECT f.user_id AS userId, f.tax_year AS taxYear, COUNT(*) AS count, MAX(v.created_at) AS lastAt ${LATE}
      GROUP BY f.user_id, f.tax_year ORDER BY lastAt DESC, f.user_id, f.tax_year LIMIT $limit`,
    { $limit: limit },
  )
}
