import { Elysia, t } from 'elysia'
import { pluginSeed, type AppContext } from '../context'
import type { SessionStore } from '../infra/sessions'
import { authPlugin } from '../infra/auth-plugin'
import { badRequest } from '../http/errors'
import { jsonWithEtag } from '../http/etag'
import { defaultTaxYear } from '../../shared/tax-years'
import { optionalTaxYearParam, taxYearParam } from '../http/params'
import { isTaxStatusId, statusByName, type TaxStatusId } from '../../shared/tax-status'
import { taxStatusAnswer, type AdvancedCompletion } from './service'
import { flagsSchema, moveSchema, taxStatusSchema } from './model'
import { setStatus, setYearFlags, transmit, yearFlags } from './moves'

/** A year in a body: its type here, its range in the one parser (taxYearParam). */
const year = t.Integer()
/** A status given as its id (1..6) or its name ('documents_pending'). */
const statusValue = t.Union([t.Integer(), t.String({ maxLength: 40 })])
/** Admins may name the user; for anyone else a foreign userId is a 404 (actorMay). */
const userId = t.Optional(t.Integer({ minimum: 1 }))

function toStatusId(value: number | string, field: string): TaxStatusId {
  const id = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : statusByName(value)?.id
  if (!isTaxStatusId(id)) throw badRequest(`Invalid field '${field}': not a tax status`, 'INVALID_STATUS')
  return id
}

/** An expert's "move anyway" past what the client's data supports (audited); ignored for a person's own moves. */
const override = t.Optional(t.Boolean())

function requiredStatus(value: number | string | undefined): TaxStatusId {
  if (value === undefined) throw badRequest(`Missing field 'statusId'`)
  return toStatusId(value, 'statusId')
}

/** Tax status per user and year, the moves of docs/statuses.md, transmit and the per-year flags. */
// long: the area's route table: one short handler per route, read top to bottom
export function taxStatusRoutes(ctx: AppContext, sessions: SessionStore, advanced: AdvancedCompletion) {
  // ?taxYear= of the polled GETs is parsed by hand rather than by a TypeBox schema:
  // it halves the framework's share of the cheapest, most frequent request.
  const yearOf = (raw: number | string | undefined) => optionalTaxYearParam(raw) ?? defaultTaxYear(new Date(ctx.now()))
  return (
    new Elysia({ name: 'tax-status-routes', seed: pluginSeed(ctx) })
      .use(authPlugin(ctx, sessions))
      .get(
        '/api/tax-status',
        async ({ user, request, query, set }) =>
          jsonWithEtag({ request, set }, await taxStatusAnswer(ctx, user.id, yearOf(query.taxYear))),
        { auth: true, response: taxStatusSchema },
      )
      .post(
        '/api/tax-status/update-numeric',
        async ({ rc, body }) => ({
          success: true,
          ...(await setStatus(
            ctx,
            rc,
            {
              userId: body.userId,
              taxYear: yearOf(body.taxYear),
              to: toStatusId(body.status, 'status'),
              override: body.override,
            },
            advanced,
          )),
        }),
        {
          auth: true,
          body: t.Object({ status: statusValue, taxYear: t.Optional(year), userId, override }),
          response: moveSchema,
        },
      )
      .patch(
        '/api/user/tax-status',
        async ({ rc, body }) => ({
          success: true,
          ...(await setStatus(
            ctx,
            rc,
            {
              userId: body.userId,
              taxYear: yearOf(body.taxYear),
              to: toStatusId(body.taxStatus, 'taxStatus'),
              override: body.override,
            },
            advanced,
          )),
        }),
        {
          auth: true,
          body: t.Object({ taxStatus: statusValue, taxYear: t.Optional(year), userId, override }),
          response: moveSchema,
        },
      )
      // The wizard sends `statusId` (spec part 2 §7); `status` is taken too, as update-numeric names it.
      .post(
        '/api/status/set',
        async ({ rc, body }) => ({
          success: true,
          ...(await setStatus(
            ctx,
            rc,
            {
              userId: body.userId,
              taxYear: yearOf(body.taxYear),
              to: requiredStatus(body.statusId ?? body.status),
              override: body.override,
            },
            advanced,
          )),
        }),
        {
          auth: true,
          body: t.Object({
            statusId: t.Optional(statusValue),
            status: t.Optional(statusValue),
            taxYear: t.Optional(year),
            userId,
            override,
          }),
          response: moveSchema,
        },
      )
      .post(
        '/api/tax-year-status/transmit',
        ({ user, body }) => transmit(ctx, advanced, user.id, yearOf(body.taxYear)),
        { auth: true, body: t.Object({ taxYear: t.Optional(year) }), response: moveSchema },
      )
      .get(
        '/api/tax-year-status/flags',
        ({ user, query }) => yearFlags(ctx, advanced, user.id, yearOf(query.taxYear)),
        { auth: true, response: flagsSchema },
      )
      .put(
        '/api/tax-year-status/flags',
        async ({ user, body }) =>
          await setYearFlags(ctx, advanced, user.id, taxYearParam(body.taxYear), {
            advancedInfoCompleted: body.advancedInfoCompleted,
            transmitEnabled: body.transmitEnabled,
          }),
        {
          auth: true,
          body: t.Object({
            taxYear: year,
            advancedInfoCompleted: t.Optional(t.Boolean()),
            transmitEnabled: t.Optional(t.Boolean()),
          }),
          response: flagsSchema,
        },
      )
  )
}
