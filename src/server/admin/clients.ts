import type { AppContext } from '../context'
import { statusById } from '../../shared/tax-status'
import { DEFAULT_PLAN } from '../../shared/profile'
import { unansweredCounts } from '../messages/service'
import { lateUploadCounts } from '../documents/late'
import { userSearchCondition } from '../users/search'

export const CLIENTS_PAGE_SIZE = 50
export type ClientSort = 'activity' | 'name'

export interface ClientFilter {
  q?: string
  status?: number
  taxYear: number
  page: number
  sort: ClientSort
}

// The same expressions as the indexes users_role_activity and users_role_name, so both sorts walk an index.
const BY_NAME =
  `u.role, COALESCE(NULLIF(u.last_name, ''), u.email) COLLATE NOCASE, COALESCE(u.first_name, '') ` +
  `COLLATE NOCASE, u.id`
const BY_ACTIVITY = 'u.role DESC, u.last_activity_at DESC, u.id DESC'

type DetailRow = {
  id: number
  email: string
  firstName: string | null
  lastName: string | null
  language: string
  statusId: number | null
  plan: string | null
  fileCount: number
  activity: number
}

/**
 * The experts' client list (GET /api/admin/users): one page of 50 with the total.
 * A read-only view across the users, tax-status and documents tables, in three
 * short statements because it must stay fast at 10,000 clients (bench "admin"):
 * the page's ids (the sort walks an index; a search starts from the users'
 * trigram index, a status filter from the year's covering status index), the
 * total, then the 50 rows of the page.
 */
export async function listClients(ctx: AppContext, f: ClientFilter) {
  const where = [`u.role = 'user'`]
  const params: Record<string, string | number> = { $year: f.taxYear }
  const q = f.q?.trim()
  if (q) {
    // The users area's search: its trigram index for three characters and more.
    const search = userSearchCondition(q)
    where.push(search.sql)
    Object.assign(params, search.params)
  }
  // Status 1 includes the clients without a stored row for the year.
  let join = ''
  if (f.status === 1) {
    join = 'LEFT JOIN tax_year_status s ON s.user_id = u.id AND s.tax_year = $year'
    where.push('(s.status_id IS NULL OR s.status_id = 1)')
  } else if (f.status !== undefined) {
    join = 'JOIN tax_year_status s ON s.user_id = u.id AND s.tax_year = $year AND s.status_id = $status'
    params.$status = f.status
  }
  const from = `FROM users u ${join} WHERE ${where.join(' AND ')}`
  const named = (sql: string): Record<string, number | string> =>
    Object.fromEntries(Object.entries(params).filter(([k]) => sql.includes(k)))
  const order = f.sort === 'name' ? BY_NAME : BY_ACTIVITY
  const pageSql = `SELECT u.id AS id ${from} ORDER BY ${order} LIMIT $limit OFFSET $offset`
  const ids = (
    await ctx.backend.all<{ id: number }>(pageSql, {
      ...named(pageSql),
      $limit: CLIENTS_PAGE_SIZE,
      $offset: (f.page - 1) * CLIENTS_PAGE_SIZE,
    })
  ).map((r) => r.id)
  const countSql = `SELECT COUNT(*) AS n ${from}`
  const total = (await ctx.backend.get<{ n: number }>(countSql, named(countSql)))?.n ?? 0
  if (!ids.length) return { items: [], total, page: f.page, pageSize: CLIENTS_PAGE_SIZE, taxYear: f.taxYear }

  const rows = await ctx.backend.all<DetailRow>(
    `SELECT u.id AS id, u.email AS email, u.first_name AS firstName, u.last_name AS lastName, u.language AS language,
            s.status_id AS statusId, p.subscription_plan AS plan, u.last_activity_at AS activity,
            (SELECT COUNT(*) FROM files f
              WHERE f.user_id = u.id AND f.tax_year = $year AND f.deleted_at IS NULL) AS fileCount
       FROM users u LEFT JOIN tax_year_status s ON s.user_id = u.id AND s.tax_year = $year
       LEFT JOIN profiles p ON p.user_id = u.id
      WHERE u.id IN (${ids.map((_, i) => `$id${i}`).join(',')})`,
    { $year: f.taxYear, ...Object.fromEntries(ids.map((id, i) => [`$id${i}`, id])) },
  )
  const byId = new Map(rows.map((r) => [r.id, r]))
  const unanswered = await unansweredCounts(ctx, ids)
  const late = await lateUploadCounts(ctx, ids, f.taxYear)
  const items = ids.map((id) => {
    const r = byId.get(id)!
    const s = statusById(r.statusId ?? 1)
    return {
      id,
      email: r.email,
      firstName: r.firstName ?? '',
      lastName: r.lastName ?? '',
      name: [r.firstName, r.lastName].filter((x) => x?.trim()).join(' '),
      language: r.language,
      statusId: s.id,
      status: s.name,
      subscriptionPlan: r.plan ?? DEFAULT_PLAN,
      fileCount: r.fileCount,
      lateFileCount: late.get(id) ?? 0,
      unanswered: unanswered.get(id) ?? 0,
      lastActivityAt: r.activity,
    }
  })
  return { items, total, page: f.page, pageSize: CLIENTS_PAGE_SIZE, taxYear: f.taxYear }
}
