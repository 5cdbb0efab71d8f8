import type { AppContext } from '../context'
import { statusById } from '../../shared/tax-status'
import { unansweredCounts } from '../messages/service'

export const CLIENTS_PAGE_SIZE = 50
export type ClientSort = 'activity' | 'name'

export interface ClientFilter { q?: string; status?: number; taxYear: number; page: number; sort: ClientSort }

/** LIKE pattern for a search text: its own % and _ are taken literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

// The newest of: sign-in, a message in the conversation, a file change, the account's creation.
const ACTIVITY = `MAX(COALESCE(u.last_login_at, 0), u.created_at,
  COALESCE((SELECT MAX(m.created_at) FROM messages m WHERE m.user_id = u.id), 0),
  COALESCE((SELECT MAX(f.updated_at) FROM files f WHERE f.user_id = u.id), 0))`

type PageRow = { id: number; total: number }
type DetailRow = {
  id: number; email: string; firstName: string | null; lastName: string | null; language: string; statusId: number | null
  plan: string | null; fileCount: number; activity: number
}

/**
 * The experts' client list (GET /api/admin/users): one page of 50 with the total.
 * A read-only view across the users, tax-status, messages and documents tables,
 * written as two statements because it must stay fast at 10,000 clients (bench
 * "admin"): the first filters and sorts ids only (activity computed only when
 * sorting by it), the second fills in the 50 rows of the page.
 */
export function listClients(ctx: AppContext, f: ClientFilter) {
  const where = [`u.role = 'user'`]
  const params: Record<string, string | number> = { $year: f.taxYear, $limit: CLIENTS_PAGE_SIZE, $offset: (f.page - 1) * CLIENTS_PAGE_SIZE }
  const q = f.q?.trim()
  if (q) {
    where.push(`(u.email LIKE $q ESCAPE '\\' OR (COALESCE(u.first_name, '') || ' ' || COALESCE(u.last_name, '')) LIKE $q ESCAPE '\\'
      OR (COALESCE(u.last_name, '') || ' ' || COALESCE(u.first_name, '')) LIKE $q ESCAPE '\\')`)
    params.$q = likePattern(q)
  }
  if (f.status !== undefined) {
    where.push('COALESCE(s.status_id, 1) = $status')
    params.$status = f.status
  }
  const order = f.sort === 'name'
    ? `COALESCE(NULLIF(u.last_name, ''), u.email) COLLATE NOCASE, COALESCE(u.first_name, '') COLLATE NOCASE, u.id`
    : `${ACTIVITY} DESC, u.id DESC`
  const page = ctx.sqlite.query<PageRow, any>(
    `SELECT u.id AS id, COUNT(*) OVER () AS total FROM users u
       LEFT JOIN tax_year_status s ON s.user_id = u.id AND s.tax_year = $year
      WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT $limit OFFSET $offset`,
  ).all(params as never)
  const total = page[0]?.total ?? (f.page > 1 ? countClients(ctx, where, params) : 0)
  const ids = page.map((r) => r.id)
  if (!ids.length) return { items: [], total, page: f.page, pageSize: CLIENTS_PAGE_SIZE, taxYear: f.taxYear }

  const rows = ctx.sqlite.query<DetailRow, any>(
    `SELECT u.id AS id, u.email AS email, u.first_name AS firstName, u.last_name AS lastName, u.language AS language,
            s.status_id AS statusId, p.subscription_plan AS plan,
            (SELECT COUNT(*) FROM files f WHERE f.user_id = u.id AND f.tax_year = $year AND f.deleted_at IS NULL) AS fileCount,
            ${ACTIVITY} AS activity
       FROM users u LEFT JOIN tax_year_status s ON s.user_id = u.id AND s.tax_year = $year
       LEFT JOIN profiles p ON p.user_id = u.id
      WHERE u.id IN (${ids.map((_, i) => `$id${i}`).join(',')})`,
  ).all({ $year: f.taxYear, ...Object.fromEntries(ids.map((id, i) => [`$id${i}`, id])) } as never)
  const byId = new Map(rows.map((r) => [r.id, r]))
  const unanswered = unansweredCounts(ctx, ids)
  const items = ids.map((id) => {
    const r = byId.get(id)!
    const s = statusById(r.statusId ?? 1)
    return {
      id, email: r.email, firstName: r.firstName ?? '', lastName: r.lastName ?? '',
      name: [r.firstName, r.lastName].filter((x) => x?.trim()).join(' '), language: r.language,
      statusId: s.id, status: s.name, subscriptionPlan: r.plan ?? 'none', fileCount: r.fileCount,
      unanswered: unanswered.get(id) ?? 0, lastActivityAt: r.activity,
    }
  })
  return { items, total, page: f.page, pageSize: CLIENTS_PAGE_SIZE, taxYear: f.taxYear }
}

/** The total when the page asked for lies past the end (no row carries it then). */
function countClients(ctx: AppContext, where: string[], params: Record<string, string | number>) {
  const { $limit: _l, $offset: _o, ...rest } = params
  return ctx.sqlite.query<{ n: number }, any>(
    `SELECT COUNT(*) AS n FROM users u LEFT JOIN tax_year_status s ON s.user_id = u.id AND s.tax_year = $year WHERE ${where.join(' AND ')}`,
  ).get(rest as never)?.n ?? 0
}
