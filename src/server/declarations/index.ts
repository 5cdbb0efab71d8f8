import { Elysia, t } from 'elysia'
import type { AppContext } from '../context'
import { pluginSeed } from '../context'
import type { SessionStore } from '../infra/sessions'
import { authPlugin } from '../infra/auth-plugin'
import { badRequest } from '../http/errors'
import { latestDeclaration, saveDeclaration } from './service'
import { audit } from '../infra/audit'

/**
 * Whose declaration a read is for: one's own, or, for an admin, any user's (?userId=).
 * Anyone else asking for another user gets the same 404 as for a missing declaration.
 */
const ownerOf = (user: { id: number; role: string }, userId: string | undefined): number => {
  if (userId === undefined || userId === '') return user.id
  const id = Number(userId)
  if (!Number.isInteger(id) || id <= 0) throw badRequest(`Invalid field 'userId': a user id`)
  return user.role === 'admin' || id === user.id ? id : 0
}

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
    .get('/api/tax/declaration', ({ user, query }) => latestDeclaration(ctx, ownerOf(user, query.userId), yearOf(query.taxYear)), {
      auth: true,
      query: t.Object({ taxYear: t.String(), userId: t.Optional(t.String()) }),
    })
    // The spec's "export tax data to JSON": the latest version as a download.
    .get('/api/tax/declaration/export', ({ user, rc, query }) => {
      const year = yearOf(query.taxYear)
      const owner = ownerOf(user, query.userId)
      const latest = latestDeclaration(ctx, owner, year)
      if (owner !== user.id) audit(ctx, rc, 'admin_download_declaration', { userId: owner, taxYear: year })
      const date = latest.savedAt.slice(0, 10)
      const filename = `tax_declaration_${owner}_${year}_${date}.json`
      return new Response(JSON.stringify(latest.taxData, null, 2), {
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Disposition': `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        },
      })
    }, { auth: true, query: t.Object({ taxYear: t.String(), userId: t.Optional(t.String()) }) })
}
