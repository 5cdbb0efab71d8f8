import { Elysia, t } from 'elysia'
import { pluginSeed, type AppContext } from '../context'
import type { SessionStore } from '../auth/session'
import { authPlugin } from '../auth/plugin'
import { audit, auditActions, listAudit } from '../audit'
import { badRequest } from '../http/errors'
import { clientIp } from '../http/request'
import { migrate } from '../db'
import { defaultTaxYear } from '../../shared/tax-years'
import { isTaxStatusId } from '../../shared/tax-status'
import { setStatus } from '../tax-status/moves'
import { getUser } from '../users/service'
import { setTaxProfileComplete } from '../users/profile'
import { unansweredMessages } from '../messages/service'
import { listClients } from './clients'
import { clientDetail } from './client-detail'
import { parseUserId, resetProfile } from './reset'
import { systemInfo } from './system'
import { dbStatus, taxProfileStatus } from './debug'

const INBOX_PAGE_SIZE = 50

/** A whole number from a query string, or a 400 naming the field. */
function queryInt(raw: string | undefined, field: string, min: number, max: number): number | undefined {
  if (raw === undefined || raw === '') return undefined
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < min || Number(raw) > max) throw badRequest(`Invalid field '${field}': expected a whole number from ${min} to ${max}`)
  return Number(raw)
}
const optional = t.Optional(t.String({ maxLength: 100 }))

/**
 * The experts' workspace (DESIGN.md §12) and the spec's debug calls. Every route is
 * admin-only (the role macro: 403 for users) and audited with the acting admin,
 * the client acted on and the address.
 */
export function adminRoutes(ctx: AppContext, sessions: SessionStore) {
  const yearOf = (raw: string | undefined) => queryInt(raw, 'taxYear', 1900, 9999) ?? defaultTaxYear(new Date(ctx.now()))
  const act = (request: Request, server: Parameters<typeof clientIp>[1], adminId: number, action: string, target?: number | null, detail?: Record<string, unknown>) =>
    audit(ctx, action, adminId, clientIp(request, server, ctx.config), detail, target)

  const app = new Elysia({ name: 'admin-routes', seed: pluginSeed(ctx) })
    .use(authPlugin(ctx, sessions))
    .get('/api/admin/users', ({ user, query, request, server }) => {
      const sort = query.sort ?? 'activity'
      if (sort !== 'activity' && sort !== 'name') throw badRequest(`Invalid field 'sort': expected activity or name`)
      const filter = {
        q: query.q, taxYear: yearOf(query.taxYear), sort: sort as 'activity' | 'name',
        status: queryInt(query.status, 'status', 1, 6), page: queryInt(query.page, 'page', 1, 1_000_000) ?? 1,
      }
      act(request, server, user.id, 'admin_list_clients', null, { q: filter.q ? true : undefined, status: filter.status, taxYear: filter.taxYear, page: filter.page })
      return listClients(ctx, filter)
    }, { role: 'admin', query: t.Object({ q: optional, status: optional, taxYear: optional, page: optional, sort: optional }) })
    .get('/api/admin/users/:id', ({ user, params, query, request, server }) => {
      const id = parseUserId(params.id)
      const detail = clientDetail(ctx, user, id, yearOf(query.taxYear))
      act(request, server, user.id, 'admin_view_client', id)
      return detail
    }, { role: 'admin', query: t.Object({ taxYear: optional }) })
    // An expert's status move, with an optional note the client reads in the notification.
    .post('/api/admin/users/:id/status', ({ user, params, body, request, server }) => {
      const id = parseUserId(params.id)
      if (!isTaxStatusId(body.statusId)) throw badRequest('Please select a tax status', 'INVALID_STATUS')
      getUser(ctx, id)
      return { success: true, ...setStatus(ctx, user, { userId: id, taxYear: body.taxYear ?? defaultTaxYear(new Date(ctx.now())), to: body.statusId, note: body.note }, clientIp(request, server, ctx.config)) }
    }, { role: 'admin', body: t.Object({ statusId: t.Integer(), taxYear: t.Optional(t.Integer({ minimum: 1900, maximum: 9999 })), note: t.Optional(t.String({ maxLength: 1000 })) }) })
    .post('/api/admin/reset-profile', ({ user, body, request, server }) => {
      const id = parseUserId((body as { userId?: unknown } | undefined)?.userId)
      const answer = resetProfile(ctx, user.id, id)
      act(request, server, user.id, 'admin_reset_profile', id)
      return answer
    }, { role: 'admin' })
    .get('/api/admin/inbox', ({ user, query, request, server }) => {
      const page = queryInt(query.page, 'page', 1, 1_000_000) ?? 1
      act(request, server, user.id, 'admin_view_inbox')
      return { ...unansweredMessages(ctx, { limit: INBOX_PAGE_SIZE, offset: (page - 1) * INBOX_PAGE_SIZE }), page, pageSize: INBOX_PAGE_SIZE }
    }, { role: 'admin', query: t.Object({ page: optional }) })
    .get('/api/admin/audit', ({ user, query, request, server }) => {
      const filter = { userId: queryInt(query.userId, 'userId', 1, Number.MAX_SAFE_INTEGER), action: query.action || undefined, page: queryInt(query.page, 'page', 1, 1_000_000) ?? 1 }
      const answer = { ...listAudit(ctx, filter), actions: auditActions(ctx) }
      act(request, server, user.id, 'admin_view_audit', filter.userId)
      return answer
    }, { role: 'admin', query: t.Object({ userId: optional, action: optional, page: optional }) })
    .get('/api/admin/system', ({ user, query, request, server }) => {
      const integrity = query.integrity === '1' || query.integrity === 'true'
      act(request, server, user.id, integrity ? 'admin_integrity_check' : 'admin_view_system')
      return systemInfo(ctx, { integrity })
    }, { role: 'admin', query: t.Object({ integrity: optional }) })
    // The debug panel's calls (spec part 1 §6, §7), for experts in every mode.
    .get('/api/debug/db-status', ({ user, request, server }) => {
      act(request, server, user.id, 'debug_db_status')
      return dbStatus(ctx)
    }, { role: 'admin' })
    .get('/api/tax/status', ({ user, query, request, server }) => {
      const id = query.userId ? parseUserId(query.userId) : user.id
      getUser(ctx, id)
      act(request, server, user.id, 'debug_tax_status', id)
      return taxProfileStatus(ctx, id, query.taxYear ? yearOf(query.taxYear) : undefined)
    }, { role: 'admin', query: t.Object({ userId: optional, taxYear: optional }) })
    .post('/api/tax-profile/set-status', ({ user, body, request, server }) => {
      const id = body.userId ?? user.id
      getUser(ctx, id)
      const answer = setTaxProfileComplete(ctx, id, body.status)
      act(request, server, user.id, 'debug_set_tax_profile', id, { status: body.status })
      return { success: true, ...answer }
    }, { role: 'admin', body: t.Object({ status: t.Boolean(), userId: t.Optional(t.Integer({ minimum: 1 })) }) })

  // Development only (DESIGN.md §5): in production the path does not exist (404).
  if (!ctx.config.dev) return app
  return app.post('/api/debug/fix-column', ({ user, request, server }) => {
    const applied = migrate(ctx.sqlite)
    act(request, server, user.id, 'debug_fix_column', null, { applied })
    return { success: true, applied, ...dbStatus(ctx) }
  }, { role: 'admin' })
}
