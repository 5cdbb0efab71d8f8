import type { AppContext } from '../context'
import type { Param } from '../infra/backend'
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
// lower(), not COLLATE NOCASE: SQLite and PostgreSQL sort alike (migration 0018_users_role_name_lower).
const BY_NAME = `u.role, lower(COALESCE(NULLIF(u.last_name, ''), u.email)), lower(COALESCE(u.first_name, '')), u.id`
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
  const whereParams: Param[] = []
  const q = f.q?.trim()
  if (q) {
    // The users area's search: its trigram index for three characters and more.
    const search = userSearchCondition(ctx, q)
    where.push(search.sql)
    whereParams.push(...search.params)
  }
  // Status 1 includes the clients without a stored row for the year.
  let join = ''
  let joinParams: Param[] = []
  if (f.status === 1) {
    join = 'LEFT JOIN tax_year_status s ON s.user_id = u.id AND s.tax_year = ?'
    joinParams = [f.taxYear]
    where.push('(s.status_id IS NULL OR s.status_id = 1)')
  } else if (f.status !== undefined) {
    join = 'JOIN tax_year_status s ON s.user_id = u.id AND s.tax_year = ? AND s.status_id = ?'
    joinParams = [f.taxYear, f.status]
  }
  const from = `FROM users u ${join} WHERE ${where.join(' AND ')}`
  const fromParams = [...joinParams, ...whereParams]
  const order = f.sort === 'name' ? BY_NAME : BY_ACTIVITY
  const ids = (
    await ctx.backend.all<{ id: number }>(
      `SELECT u.id AS id ${from} ORDER BY ${order} LIMIT ? OFFSET ?`,
      ...fromParams,
      CLIENTS_PAGE_SIZE,
      (f.page - 1) * CLIENTS_PAGE_SIZE,
    )
  ).map((r) => r.id)
  const total = (await ctx.backend.get<{ n: number }>(`SELECT COUNT(*) AS n ${from}`, ...fromParams))?.n ?? 0
  if (!ids.length) return { items: [], total, page: f.page, pageSize: CLIENTS_PAGE_SIZE, taxYear: f.taxYear }

  const rows = await ctx.backend.all<DetailRow>(
    `SELECT u.id AS id, u.email AS email, u.first_name AS "firstName", u.last_name AS "lastName",
            u.language AS language, s.status_id AS "statusId", p.subscription_plan AS plan,
            u.last_activity_at AS activity,
            (SELECT COUNT(*) FROM files f
              WHERE f.user_id = u.id AND f.tax_year = ? AND f.deleted_at IS NULL) AS "fileCount"
       FROM users u LEFT JOIN tax_year_status s ON s.user_id = u.id AND s.tax_year = ?
       LEFT JOIN profiles p ON p.user_id = u.id
      WHERE u.id IN (${ids.map(() => '?').join(',')})`,
    f.taxYear,
    f.taxYear,
    ...ids,
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
