import { Elysia, t } from 'elysia'
import { pluginSeed, type AppContext } from '../context'
import type { SessionStore } from '../infra/sessions'
import type { BlobStore } from '../infra/blob-store'
import { authPlugin } from '../infra/auth-plugin'
import { audit } from '../infra/audit'
import { taxYearParam } from '../http/params'
import { getUser } from '../users/service'
import { parseUserId } from '../http/params'
import { enforce, LIMITS } from '../infra/rate-limit'

/** Chunks of the PDF are collected to this size before they are handed to the connection. */
const CHUNK = 64 * 1024

/**
 * The expert's dossier of a client's year (issue 26): GET /api/admin/users/:id/dossier?taxYear=YYYY, one PDF,
 * streamed as it is made (the next document is read only when the connection has taken the last one). Admins only,
 * audited like a download of every document in it; an unknown client is a 404.
 */
export function dossierRoutes(ctx: AppContext, sessions: SessionStore, store: BlobStore) {
  return new Elysia({ name: 'dossier-routes', seed: pluginSeed(ctx) }).use(authPlugin(ctx, sessions)).get(
    '/api/admin/users/:id/dossier',
    async ({ rc, params, query }) => {
      const userId = parseUserId(params.id)
      const taxYear = taxYearParam(query.taxYear)
      const client = await getUser(ctx, userId)
      await enforce(
        ctx,
        LIMITS.dossier,
        rc.user.id,
        'You have made many dossiers in the last hour. Please try again later.',
      )
      const expert = await getUser(ctx, rc.user.id)
      await audit(ctx, rc, 'admin_download_dossier', { taxYear }, { target: { userId } })
      let resume: (() => void) | null = null
      let buffered: Uint8Array[] = []
      let size = 0
      const body = new ReadableStream<Uint8Array>(
        {
          start(controller) {
            const flush = () => {
              if (size === 0) return
              controller.enqueue(Buffer.concat(buffered))
              buffered = []
              size = 0
            }
            const sink = async (chunk: Uint8Array) => {
              buffered.push(chunk)
              size += chunk.length
              if (size < CHUNK) return
              flush()
              if ((controller.desiredSize ?? 1) <= 0) await new Promise<void>((r) => (resume = r))
            }
            // The PDF writer (pdf-lib, ~1 MB of code) is loaded on the first dossier, not at start (issue 28).
            import('./dossier')
              .then(({ writeDossier }) =>
                writeDossier(ctx, store, { id: expert.id, language: expert.language }, userId, taxYear, sink),
              )
              .then(
                () => {
                  flush()
                  controller.close()
                },
                (err: Error) => {
                  ctx.log.error('dossier failed', { userId, taxYear, error: err.message })
                  controller.error(err)
                },
              )
          },
          pull() {
            resume?.()
            resume = null
          },
        },
        { highWaterMark: 4 },
      )
      const who = (client.lastName || client.email.split('@')[0] || String(userId)).replace(/[^\p{L}\p{N}-]+/gu, '_')
      const name = `dossier-${taxYear}-${who}.pdf`
      return new Response(body, {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition':
            `attachment; filename="dossier-${taxYear}.pdf"; ` + `filename*=UTF-8''${encodeURIComponent(name)}`,
          'Cache-Control': 'no-store',
        },
      })
    },
    {
      role: 'admin',
      params: t.Object({ id: t.String({ maxLength: 20 }) }),
      query: t.Object({ taxYear: t.Optional(t.String({ maxLength: 10 })) }),
    },
  )
}
