import { timingSafeEqual } from 'node:crypto'
import { Elysia } from 'elysia'
import type { AppContext } from '../context'
import { pluginSeed } from '../context'
import { knownMigrations } from '../db'
import { Metrics } from './metrics'
import { errorResponse } from '../http/errors'

/** The server's life seen from outside: draining once SIGTERM arrived (main.ts), and its figures. */
export interface Lifecycle {
  draining: boolean
  metrics: Metrics
}

const lifecycles = new WeakMap<AppContext, Lifecycle>()
export function lifecycle(ctx: AppContext): Lifecycle {
  let l = lifecycles.get(ctx)
  if (!l) {
    l = { draining: false, metrics: new Metrics() }
    lifecycles.set(ctx, l)
  }
  return l
}

const plain = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } })

/**
 * GET /healthz: the process answers (liveness). GET /readyz: the database answers and every
 * migration this binary knows is applied; 503 while draining, so a load balancer stops sending.
 * GET /metrics: Prometheus text, only with METRICS_TOKEN as a bearer token (404 without the setting).
 */
export function healthRoutes(ctx: AppContext) {
  const state = lifecycle(ctx)
  const token = ctx.config.metricsToken ? Buffer.from(`Bearer ${ctx.config.metricsToken}`) : undefined
  return new Elysia({ name: 'health-routes', seed: pluginSeed(ctx) })
    .get('/healthz', () => plain(200, 'ok\n'))
    .get('/readyz', async () => {
      if (state.draining) return errorResponse(503, 'NOT_READY', 'draining: the server is shutting down')
      try {
        const applied = (await ctx.backend.get<{ n: number }>('SELECT count(*) AS n FROM __migrations'))?.n ?? 0
        if (applied < knownMigrations(ctx.backend.dialect).length)
          return errorResponse(503, 'NOT_READY', 'migrations pending')
      } catch {
        return errorResponse(503, 'NOT_READY', 'database unreachable')
      }
      return plain(200, 'ready\n')
    })
    .get('/metrics', async ({ request }) => {
      if (!token) return errorResponse(404, 'NOT_FOUND', 'No such endpoint: /metrics')
      const given = Buffer.from(request.headers.get('authorization') ?? '')
      if (given.length !== token.length || !timingSafeEqual(given, token))
        return errorResponse(401, 'UNAUTHORIZED', 'METRICS_TOKEN is required as a bearer token', {
          'www-authenticate': 'Bearer',
        })
      return plain(200, await state.metrics.render(ctx), { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' })
    })
}
