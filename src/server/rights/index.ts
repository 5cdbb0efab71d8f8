import { Elysia, t } from 'elysia'
import type { AppContext } from '../context'
import { pluginSeed } from '../context'
import type { SessionStore } from '../infra/sessions'
import type { BlobStore } from '../infra/blob-store'
import { authPlugin } from '../infra/auth-plugin'
import { sessionCookie } from '../infra/session-cookie'
import { audit } from '../infra/audit'
import { tooManyRequests } from '../http/errors'
import { EMAIL_MAX_LENGTH } from '../../shared/email'
import { hit, LIMITS } from '../infra/rate-limit'
import { deleteAccount } from './erase'
import { exportArchive } from './export'
import { storageOf } from '../documents/quota'

/** The person's rights over their data (issue 13): export, deletion, and the storage they use. */
export function rightsRoutes(ctx: AppContext, sessions: SessionStore, store: BlobStore) {
  return new Elysia({ name: 'rights-routes', seed: pluginSeed(ctx) })
    .use(authPlugin(ctx, sessions))
    .get(
      '/api/user/export',
      async ({ user, rc }) => {
        const wait = await hit(ctx, LIMITS.export, user.id)
        if (wait > 0)
          throw tooManyRequests(
            wait / 1000,
            'You have exported your data several times in the last hour. Please try again later.',
          )
        await audit(ctx, rc, 'data_export')
        const day = new Date(ctx.now()).toISOString().slice(0, 10)
        return new Response(await exportArchive(ctx, store, user.id), {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': `attachment; filename="swisstax-export-${day}.zip"`,
            'Cache-Control': 'no-store',
          },
        })
      },
      { auth: true },
    )
    .get(
      '/api/user/storage',
      async ({ user }) => {
        const storage = await storageOf(ctx, user.id)
        return {
          ...storage,
          nextFreedAt: storage.nextFreedAt === null ? null : new Date(storage.nextFreedAt).toISOString(),
          quotaBytes: ctx.config.userQuotaBytes,
        }
      },
      {
        auth: true,
        response: t.Object({
          usedBytes: t.Number(),
          deletedBytes: t.Number(),
          nextFreedAt: t.Union([t.String(), t.Null()]),
          quotaBytes: t.Number(),
        }),
      },
    )
    .delete(
      '/api/user',
      async ({ rc, body, set }) => {
        const answer = await deleteAccount(ctx, rc, store, body.confirmEmail)
        set.headers['set-cookie'] = sessionCookie(ctx.config, '', 0)
        return answer
      },
      {
        auth: true,
        body: t.Object({ confirmEmail: t.String({ maxLength: EMAIL_MAX_LENGTH }) }),
        response: t.Object({ success: t.Boolean(), deletedFiles: t.Number() }),
      },
    )
}
