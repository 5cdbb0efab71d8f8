import { Elysia, t } from 'elysia'
import type { AppContext } from '../context'
import { pluginSeed } from '../context'
import type { SessionStore } from '../auth/session'
import { authPlugin } from '../auth/plugin'
import { badRequest } from '../http/errors'
import { latestDeclaration, saveDeclaration } from './service'

const yearOf = (raw: unknown): number => {
  const year = Number(raw)
  if (!Number.isInteger(year) || year < 1900 || year > 2999) throw badRequest(`Invalid field 'taxYear': a year such as 2025`)
  return year
}

/** The wizard's declaration (spec part 2 §7): saved per user and year, versioned; read back and exported as JSON. */
export function declarationRoutes(ctx: AppContext, sessions: SessionStore) {
  return new Elysia({ name: 'declaration-routes', seed: pluginSeed(ctx) })
    .use(authPlugin(ctx, sessions))
    .post('/api/tax/save-declaration', ({ user, body }) => {
      const meta = (body.taxData as { metadata?: { taxYear?: unknown } }).metadata
      return saveDeclaration(ctx, user.id, yearOf(body.taxYear ?? meta?.taxYear), body.taxData)
    }, {
      auth: true,
      body: t.Object({
        taxData: t.Record(t.String(), t.Any()),
        taxYear: t.Optional(t.Integer()),
        filename: t.Optional(t.String({ maxLength: 200 })),
      }),
    })
    .get('/api/tax/declaration', ({ user, query }) => latestDeclaration(ctx, user.id, yearOf(query.taxYear)), {
      auth: true,
      query: t.Object({ taxYear: t.String() }),
    })
    // The spec's "export tax data to JSON": the latest version as a download.
    .get('/api/tax/declaration/export', ({ user, query }) => {
      const year = yearOf(query.taxYear)
      const latest = latestDeclaration(ctx, user.id, year)
      const date = latest.savedAt.slice(0, 10)
      const filename = `tax_declaration_${user.id}_${year}_${date}.json`
      return new Response(JSON.stringify(latest.taxData, null, 2), {
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Disposition': `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        },
      })
    }, { auth: true, query: t.Object({ taxYear: t.String() }) })
}
