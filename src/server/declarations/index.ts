import { Elysia, t } from 'elysia'
import type { AppContext } from '../context'
import { pluginSeed } from '../context'
import type { SessionStore } from '../infra/sessions'
import { authPlugin } from '../infra/auth-plugin'
import { taxYearParam, userIdParam } from '../http/params'
import { targetUserId } from '../infra/actor-may'
import { declarationNotFound, exportDeclaration, latestDeclaration, saveDeclaration } from './service'
import { declarationSchema } from './model'
import { openObject } from '../http/schemas'

/**
 * Whose declaration a read is for: one's own, or, for an admin, any user's (?userId=).
 * Anyone else asking for another user gets the same 404 as for a missing declaration.
 */
const ownerOf = (user: { id: number; role: string }, userId: string | undefined, taxYear: number): number =>
  targetUserId(user, userIdParam(userId), declarationNotFound(taxYear))

/** The wizard's declaration (spec part 2 §7): saved per user and year, versioned; read back and exported as JSON. */
export function declarationRoutes(ctx: AppContext, sessions: SessionStore) {
  return (
    new Elysia({ name: 'declaration-routes', seed: pluginSeed(ctx) })
      .use(authPlugin(ctx, sessions))
      .post(
        '/api/tax/save-declaration',
        async ({ user, body }) => {
          const meta = (body.taxData as { metadata?: { taxYear?: unknown } }).metadata
          return await saveDeclaration(ctx, user.id, taxYearParam(body.taxYear ?? meta?.taxYear), body.taxData)
        },
        {
          auth: true,
          body: t.Object({
            // Checked group by group and field by field by saveDeclaration, so the refusal names the field.
            taxData: openObject,
            taxYear: t.Optional(t.Integer()),
            filename: t.Optional(t.String({ maxLength: 200 })),
          }),
          response: t.Object({ success: t.Boolean(), taxYear: t.Number(), version: t.Number(), savedAt: t.String() }),
        },
      )
      .get(
        '/api/tax/declaration',
        async ({ user, query }) => {
          const year = taxYearParam(query.taxYear)
          return await latestDeclaration(ctx, ownerOf(user, query.userId, year), year)
        },
        {
          auth: true,
          query: t.Object({ taxYear: t.String(), userId: t.Optional(t.String()) }),
          response: declarationSchema,
        },
      )
      // The spec's "export tax data to JSON": the latest version as a download.
      .get(
        '/api/tax/declaration/export',
        async ({ user, rc, query }) => {
          const year = taxYearParam(query.taxYear)
          const owner = ownerOf(user, query.userId, year)
          const latest = await exportDeclaration(ctx, rc, owner, year)
          const date = latest.savedAt.slice(0, 10)
          const filename = `tax_declaration_${owner}_${year}_${date}.json`
          return new Response(JSON.stringify(latest.taxData, null, 2), {
            headers: {
              'Content-Type': 'application/json; charset=utf-8',
              'Content-Disposition':
                `attachment; filename="${filename}"; ` + `filename*=UTF-8''${encodeURIComponent(filename)}`,
            },
          })
        },
        { auth: true, query: t.Object({ taxYear: t.String(), userId: t.Optional(t.String()) }) },
      )
  )
}
