import { Elysia, StatusMap } from 'elysia'
import type { AppContext } from '../context'
import { pluginSeed } from '../context'
import { requestScope } from '../log'
import { clientIp, type IpServer } from '../infra/request-context'
import type { Metrics } from './metrics'

/** An id a proxy in front already gave the request is kept (so its log and ours match), if it looks like one. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{1,64}$/

/** Successful probes are counted but not logged: a health check every 30 s would fill the log. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics'])

/** When a request arrived and, once routed, its route pattern (an error's context no longer names it). */
const inFlight = new WeakMap<Request, { start: number; route?: string }>()

/**
 * One access-log line per request (method, path without its query, status, duration, request id, client
 * address) and the request's figures for /metrics. The request id goes into the X-Request-Id header and,
 * through requestScope, into every line the request causes. Mounted first, so even a request refused by
 * the Origin check or answered 404 gets its id and its line.
 */
export function accessLog(ctx: AppContext, metrics: Metrics) {
  return (
    new Elysia({ name: 'access-log', seed: pluginSeed(ctx) })
      .onRequest(({ request, set }) => {
        inFlight.set(request, { start: performance.now() })
        const given = request.headers.get('x-request-id')
        const requestId = given && FORWARDED_ID.test(given) ? given : crypto.randomUUID()
        requestScope.enterWith({ requestId })
        set.headers['x-request-id'] = requestId
      })
      .onTransform({ as: 'global' }, ({ request, route }) => {
        const r = inFlight.get(request)
        if (r) r.route = route
      })
      // mapResponse, not onAfterResponse: Elysia keeps every context of an afterResponse hook until a
      // setImmediate, which held ~3 KB a request in the fuzz test's heap. Errors are logged by app.ts's onError.
      .mapResponse({ as: 'global' }, (c) => {
        logAccess(ctx, metrics, c.request, c.path, c.server, statusOf(c))
      })
  )
}

/** The access-log line and the figures of one answered request (app.ts's onError calls it for errors). */
export function logAccess(
  ctx: AppContext,
  metrics: Metrics,
  request: Request,
  path: string,
  server: IpServer,
  status: number,
) {
  const r = inFlight.get(request)
  if (!r) return
  inFlight.delete(request)
  const seconds = (performance.now() - r.start) / 1000
  // Never the path itself as a label: a scan of random paths would grow the metrics without end.
  metrics.record(request.method, r.route ?? '(unmatched)', status, seconds)
  if (status < 300 && PROBES.has(path)) return
  ctx.log.info('request', {
    method: request.method,
    path,
    status,
    ms: Math.round(seconds * 10_000) / 10,
    ip: clientIp(request, server, ctx.config),
  })
}

/** A handler's own Response carries its status; otherwise Elysia's set.status (app.ts's onError sets it too). */
function statusOf(c: { set: { status?: number | string }; responseValue?: unknown }): number {
  const value = c.responseValue
  if (value instanceof Response) return value.status
  const custom = (value as { code?: unknown } | null)?.code // status(…) from a handler
  if (typeof custom === 'number') return custom
  const s = c.set.status ?? 200
  return typeof s === 'number' ? s : (StatusMap[s as keyof typeof StatusMap] ?? 200)
}
