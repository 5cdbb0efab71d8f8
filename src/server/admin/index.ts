import { Elysia, t } from 'elysia'
import { pluginSeed, type AppContext } from '../context'
import type { SessionStore } from '../infra/sessions'
import { authPlugin } from '../infra/auth-plugin'
import type { RequestContext } from '../infra/request-context'
import { audit, auditActions, listAudit, type AuditDetail } from '../infra/audit'
import { badRequest } from '../http/errors'
import { intParam, optionalTaxYearParam, parseUserId, taxYearParam } from '../http/params'
import { migrate } from '../db'
import { defaultTaxYear } from '../../shared/tax-years'
import { isTaxStatusId } from '../../shared/tax-status'
import { setStatus } from '../tax-status/moves'
import { getUser, namesOf } from '../users/service'
import { setTaxProfileComplete } from '../users/profile'
import { listClients } from './clients'
import { expertInbox } from './inbox'
import { markLateSeen } from '../documents/late'
import { clientDetail } from './client-detail'
import { resetProfile } from './reset'
import { systemInfo } from './system'
import { dbStatus, taxProfileStatus } from './debug'
import { advancedCompletionOf } from '../advanced/service'
import {
  auditPageSchema,
  clientDetailSchema,
  clientListSchema,
  dbStatusSchema,
  expertInboxSchema,
  fixColumnSchema,
  lateSeenBodySchema,
  lateSeenSchema,
  resetProfileSchema,
  statusMoveSchema,
  systemInfoSchema,
  taxProfileFlagSchema,
  taxProfileStatusSchema,
} from './model'
import { hasUnsafeLineCharacters } from '../../shared/plain-text'

const MAX_PAGE = 1_000_000
const optional = t.Optional(t.String({ maxLength: 100 }))

/**
 * The experts' workspace (docs/experts.md) and the spec's debug calls. Every route is
 * admin-only (the role macro: 403 for users) and audited through the request context:
 * the acting admin, the client acted on, the address.
 */
// long: the area's route table: one short handler per route, read top to bottom
export function adminRoutes(ctx: AppContext, sessions: SessionStore) {
  const yearOf = (raw: string | undefined) => optionalTaxYearParam(raw) ?? defaultTaxYear(new Date(ctx.now()))
  const act = (rc: RequestContext, action: string, target?: number, detail?: AuditDetail) =>
    audit(ctx, rc, action, detail, target === undefined ? {} : { target: { userId: target } })

  const app = new Elysia({ name: 'admin-routes', seed: pluginSeed(ctx) })
    .use(authPlugin(ctx, sessions))
    .get(
      '/api/admin/users',
      async ({ rc, query }) => {
        const sort = query.sort || 'activity'
        if (sort !== 'activity' && sort !== 'name') throw badRequest(`Invalid field 'sort': expected activity or name`)
        const status = query.status ? intParam(query.status, 0, 1, 6, 'status') : undefined
        if (query.q && hasUnsafeLineCharacters(query.q))
          throw badRequest(`Invalid field 'q': control characters`, 'CONTROL_CHARACTERS')
        const filter = {
          q: query.q,
          taxYear: yearOf(query.taxYear),
          sort: sort as 'activity' | 'name',
          status,
          page: intParam(query.page, 1, 1, MAX_PAGE, 'page'),
        }
        // One row an hour per expert and address, counting its views: the board alone asks for six lists.
        await audit(
          ctx,
          rc,
          'admin_list_clients',
          { search: Boolean(filter.q), status, taxYear: filter.taxYear, page: filter.page },
          { collapse: true },
        )
        return await listClients(ctx, filter)
      },
      {
        role: 'admin',
        query: t.Object({ q: optional, status: optional, taxYear: optional, page: optional, sort: optional }),
        response: clientListSchema,
      },
    )
    .get(
      '/api/admin/users/:id',
      async ({ rc, params, query }) => {
        const id = parseUserId(params.id)
        const detail = await clientDetail(ctx, rc.user, id, yearOf(query.taxYear))
        await act(rc, 'admin_view_client', id)
        return detail
      },
      {
        role: 'admin',
        query: t.Object({ taxYear: optional }),
        response: clientDetailSchema,
      },
    )
    // An expert's status move, with an optional note the client reads in the notification (audited by setStatus).
    .post(
      '/api/admin/users/:id/status',
      async ({ rc, params, body }) => {
        const id = parseUserId(params.id)
        if (!isTaxStatusId(body.statusId)) throw badRequest('Please select a tax status', 'INVALID_STATUS')
        await getUser(ctx, id)
        const taxYear = body.taxYear === undefined ? defaultTaxYear(new Date(ctx.now())) : taxYearParam(body.taxYear)
        const move = { userId: id, taxYear, to: body.statusId, note: body.note, override: body.override }
        return { success: true, ...(await setStatus(ctx, rc, move, advancedCompletionOf(ctx))) }
      },
      {
        role: 'admin',
        body: t.Object({
          statusId: t.Integer(),
          taxYear: t.Optional(t.Integer()),
          note: t.Optional(t.String({ maxLength: 1000 })),
          override: t.Optional(t.Boolean()),
        }),
        response: statusMoveSchema,
      },
    )
    // Documents after transmission seen for the team (issue 25): the client page on opening a year, or the inbox's
    // "mark as seen", names the versions it showed. Audited when it marked any: the moment and the expert.
    .post(
      '/api/admin/users/:id/late-documents/seen',
      async ({ rc, params, body }) => {
        const id = parseUserId(params.id)
        await getUser(ctx, id)
        const taxYear = taxYearParam(body.taxYear)
        const marked = await markLateSeen(ctx, { userId: id, taxYear, versionIds: body.versionIds, by: rc.user.id })
        if (marked) await act(rc, 'admin_late_seen', id, { taxYear, files: marked })
        return { success: true, marked }
      },
      { role: 'admin', body: lateSeenBodySchema, response: lateSeenSchema },
    )
    .post(
      '/api/admin/reset-profile',
      async ({ rc, body }) => {
        const id = parseUserId((body as { userId?: unknown } | undefined)?.userId)
        const answer = await resetProfile(ctx, rc.user.id, id)
        await act(rc, 'admin_reset_profile', id)
        return answer
      },
      // The body is read by hand: the spec's refusal texts for a missing or non-numeric id are parseUserId's.
      { role: 'admin', response: resetProfileSchema },
    )
    .get(
      '/api/admin/inbox',
      async ({ rc, query }) => {
        const page = intParam(query.page, 1, 1, MAX_PAGE, 'page')
        await act(rc, 'admin_view_inbox')
        return await expertInbox(ctx, page)
      },
      {
        role: 'admin',
        query: t.Object({ page: optional }),
        response: expertInboxSchema,
      },
    )
    .get(
      '/api/admin/audit',
      async ({ rc, query }) => {
        const userId = query.userId ? intParam(query.userId, 0, 1, Number.MAX_SAFE_INTEGER, 'userId') : undefined
        const filter = { userId, action: query.action || undefined, page: intParam(query.page, 1, 1, MAX_PAGE, 'page') }
        const page = await listAudit(ctx, filter)
        // Who acted and on whom, by name (an expert reads "Eva Expertin", not "1"); gone accounts keep their number.
        const names = await namesOf(
          ctx,
          page.items.flatMap((e) => [e.userId, e.targetUserId].filter((id): id is number => id !== null)),
        )
        const nameOf = (id: number | null) =>
          id === null ? null : ((names.get(id)?.name || names.get(id)?.email) ?? null)
        const items = page.items.map((e) => ({ ...e, userName: nameOf(e.userId), targetName: nameOf(e.targetUserId) }))
        const answer = { ...page, items, actions: await auditActions(ctx) }
        await act(rc, 'admin_view_audit', userId)
        return answer
      },
      {
        role: 'admin',
        query: t.Object({ userId: optional, action: optional, page: optional }),
        response: auditPageSchema,
      },
    )
    .get(
      '/api/admin/system',
      async ({ rc, query }) => {
        const integrity = query.integrity === '1' || query.integrity === 'true'
        await act(rc, integrity ? 'admin_integrity_check' : 'admin_view_system')
        return await systemInfo(ctx, { integrity })
      },
      {
        role: 'admin',
        query: t.Object({ integrity: optional }),
        response: systemInfoSchema,
      },
    )
    // The debug panel's calls (spec part 1 §6, §7), for experts in every mode.
    .get(
      '/api/debug/db-status',
      async ({ rc }) => {
        await act(rc, 'debug_db_status')
        return await dbStatus(ctx)
      },
      { role: 'admin', response: dbStatusSchema },
    )
    .get(
      '/api/tax/status',
      async ({ rc, query }) => {
        const id = query.userId ? parseUserId(query.userId) : rc.user.id
        await getUser(ctx, id)
        await act(rc, 'debug_tax_status', id)
        return await taxProfileStatus(ctx, id, optionalTaxYearParam(query.taxYear))
      },
      {
        role: 'admin',
        query: t.Object({ userId: optional, taxYear: optional }),
        response: taxProfileStatusSchema,
      },
    )
    .post(
      '/api/tax-profile/set-status',
      async ({ rc, body }) => {
        const id = body.userId ?? rc.user.id
        await getUser(ctx, id)
        const answer = await setTaxProfileComplete(ctx, id, body.status)
        await act(rc, 'debug_set_tax_profile', id, { status: body.status })
        return { success: true, ...answer }
      },
      {
        role: 'admin',
        body: t.Object({ status: t.Boolean(), userId: t.Optional(t.Integer({ minimum: 1 })) }),
        response: taxProfileFlagSchema,
      },
    )

  // Development only (docs/sessions.md): in production the path does not exist (404).
  if (!ctx.config.dev) return app
  return app.post(
    '/api/debug/fix-column',
    async ({ rc }) => {
      const applied = (await ctx.backend.sqlite?.exclusive(async (db) => migrate(db))) ?? []
      await act(rc, 'debug_fix_column', undefined, { applied })
      return { success: true, applied, ...(await dbStatus(ctx)) }
    },
    {
      role: 'admin',
      response: fixColumnSchema,
    },
  )
}
