import { Elysia } from 'elysia'
import type { AppContext } from './context'
import { ApiError, errorResponse, validationMessage } from './http/errors'
import { checkOrigin, securityHeaders } from './http/security'
import { parseLimitedBody } from './http/body-limit'
import { createSessionStore } from './infra/sessions'
import { openBlobStore, sweepBlobLeftovers, type BlobStore } from './infra/blob-store'
import { startSchedules, type ScheduledJob } from './infra/schedules'
import { sweepTexts } from './recognition/text-store'
import { sweepStatementXml } from './recognition/statement-store'
import { sweepRateLimits } from './infra/rate-limit'
import { sweepAuditDaily } from './infra/audit'
import { purgeOldLoginCodes } from './auth/service'
import { authRoutes } from './auth/index'
import { userRoutes } from './users/index'
import { accountRoutes } from './account/index'
import { taxStatusRoutes } from './tax-status/index'
import { notificationRoutes } from './notifications/index'
import { messageRoutes } from './messages/index'
import { devRoutes } from './dev/index'
import { profileRoutes } from './users/profile-routes'
import { declarationRoutes } from './declarations/index'
import { addressRoutes } from './address/index'
import { cantonRoutes } from './cantons/index'
import { staticRoutes } from './static/index'
import type { Asset } from './static/assets'
import { documentRoutes } from './documents/index'
import { rightsRoutes } from './rights/index'
import { sessionRoutes } from './auth/sessions-routes'
import { checkDeadlines, documentHooks } from './wiring'
import { advancedCompletionOf } from './advanced/service'
import { purgeDeleted, storedVersionCheck } from './documents/lifecycle'
import { adminRoutes } from './admin/index'
import { REMINDERS_EVERY_MS, startClientMail } from './client-mail/index'
import { advancedRoutes } from './advanced/index'
import { recognitionRoutes } from './recognition/index'
import { planRoutes } from './plans/index'
import { dossierRoutes } from './dossier/index'
import { healthRoutes, lifecycle } from './health/index'
import { accessLog } from './health/access-log'

/**
 * Mounts every area under /api, then the SPA. One onError turns every failure
 * into the `{ message, code }` envelope; a 500 is logged and never leaks details.
 */
export async function createApp(
  ctx: AppContext,
  assets: Map<string, Asset> = new Map(),
  opts: { maintenance?: boolean; blobs?: BlobStore; recognition?: boolean } = {},
) {
  // The infrastructure every area receives: one session store, one blob store.
  const sessions = createSessionStore(ctx)
  const blobs = opts.blobs ?? (await openBlobStore(ctx))
  if (opts.maintenance) {
    startSchedules(ctx, scheduledJobs(ctx, sessions, blobs))
    startClientMail(ctx)
  }
  // Bun's own limit would answer 413 with an empty body before we see the request;
  // parseLimitedBody and the upload parser count every body themselves instead.
  const app = new Elysia({ serve: { maxRequestBodySize: Number.MAX_SAFE_INTEGER } })
    // First, so that every request has its id and its access-log line, even one refused below.
    .use(accessLog(ctx, lifecycle(ctx).metrics))
    // Default headers of every answer (docs/api.md), compiled into each handler. A
    // Response's own headers win, so static files keep their own Cache-Control.
    .headers({ ...securityHeaders(ctx.config), 'cache-control': 'no-store' })
    .onRequest(({ request }) => checkOrigin(request, ctx.config))
    // The one body parser: limits, depth and member counts before any route or session code runs.
    .onParse({ as: 'global' }, ({ request, path }, contentType) => parseLimitedBody(request, path, contentType))
    .onError(({ code, error, path }) => errorAnswer(code, error, path))
    .use(authRoutes(ctx, sessions))
    .use(accountRoutes(ctx, sessions))
    .use(userRoutes(ctx, sessions))
    .use(rightsRoutes(ctx, sessions, blobs))
    .use(sessionRoutes(ctx, sessions))
    .use(taxStatusRoutes(ctx, sessions, advancedCompletionOf(ctx)))
    .use(notificationRoutes(ctx, sessions))
    .use(messageRoutes(ctx, sessions))
    .use(documentRoutes(ctx, sessions, blobs, documentHooks(ctx)))
    .use(await recognitionRoutes(ctx, sessions, blobs, documentHooks(ctx), { run: opts.recognition }))
    .use(profileRoutes(ctx, sessions))
    .use(planRoutes(ctx, sessions))
    .use(declarationRoutes(ctx, sessions))
    .use(addressRoutes(ctx, sessions))
    .use(advancedRoutes(ctx, sessions))
    .use(cantonRoutes())
    .use(adminRoutes(ctx, sessions))
    .use(dossierRoutes(ctx, sessions, blobs))
    .use(healthRoutes(ctx))

  if (ctx.config.dev) app.use(devRoutes(ctx, sessions))

  // Unknown /api paths answer 404 JSON from staticRoutes' catch-all. A route's index.html reads the session through
  // the app's own GET /api/user, with the cookie of the page's request.
  const askAs = (path: string, sender: Request) =>
    app.handle(new Request(new URL(path, sender.url), { headers: { cookie: sender.headers.get('cookie') ?? '' } }))
  return app.use(staticRoutes(assets, askAs))

  function errorAnswer(code: string | number, error: unknown, path: string): Response {
    // A refusal thrown below a wrapper (a body parser, drizzle's "Failed query" around the database backend's).
    if (error instanceof Error && error.cause instanceof ApiError) error = error.cause
    if (error instanceof ApiError) return errorResponse(error.status, error.code, error.message, error.headers)
    switch (code) {
      case 'VALIDATION':
        // An answer that does not fit its own schema is the server's fault, not the request's (docs/api.md).
        if ((error as { type?: string }).type === 'response') break
        return errorResponse(400, 'INVALID_INPUT', validationMessage(error as Error))
      case 'PARSE':
        return errorResponse(400, 'INVALID_JSON', 'The request body is not valid JSON')
      case 'NOT_FOUND':
        return errorResponse(404, 'NOT_FOUND', `No such endpoint: ${path}`)
    }
    ctx.log.error('unhandled error', { path, error: (error as Error)?.stack ?? String(error) })
    return errorResponse(500, 'INTERNAL', 'Something went wrong on our side. Please try again.')
  }
}

export type App = Awaited<ReturnType<typeof createApp>>
/** The development-only routes (mounted only in development mode), for the debug panel's typed client. */
export type DevApp = Awaited<ReturnType<typeof devRoutes>>

const HOUR = 3_600_000

/**
 * The periodic jobs of every area: each runs once per period across all processes on the database
 * (infra/schedules.ts), whichever process claims it first.
 */
export function scheduledJobs(
  ctx: AppContext,
  sessions: ReturnType<typeof createSessionStore>,
  blobs: BlobStore,
): ScheduledJob[] {
  return [
    { name: 'expired-sessions', everyMs: HOUR, run: () => sessions.purgeExpired() },
    { name: 'old-login-codes', everyMs: HOUR, run: () => purgeOldLoginCodes(ctx) },
    { name: 'deleted-files', everyMs: HOUR, run: () => purgeDeleted(ctx, blobs) },
    { name: 'old-audit-entries', everyMs: 24 * HOUR, run: () => sweepAuditDaily(ctx) },
    { name: 'ended-rate-limit-windows', everyMs: HOUR, run: () => sweepRateLimits(ctx) },
    { name: 'deadline-reminders', everyMs: REMINDERS_EVERY_MS, run: () => checkDeadlines(ctx) },
    {
      // Leftovers of a crash or a kill: only what is older than the grace period, never what a neighbour writes.
      name: 'orphan-sweep',
      everyMs: 6 * HOUR,
      run: async () => {
        await sweepBlobLeftovers(ctx, blobs, await storedVersionCheck(ctx))
        await sweepTexts(ctx)
        await sweepStatementXml(ctx)
      },
    },
  ]
}
