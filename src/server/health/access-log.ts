import { Elysia } from 'elysia'
import type { AppContext } from '../context'
import { pluginSeed } from '../context'
import { requestScope, type RequestScope } from '../log'
import { clientIp } from '../infra/request-context'
import type { Metrics } from './metrics'

/** An id a proxy in front already gave the request is kept (so its log and ours match), if it looks like one. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{1,64}$/

/** Successful probes are counted but not logged: a health check every 30 s would fill the log. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics'])

/** The path of a request's absolute URL without its query, as URL's pathname, without parsing all of it. */
export function pathOf(url: string): string {
  const from = url.indexOf('//') + 2
  let start = from
  while (start < url.length && url[start] !== '/' && url[start] !== '?' && url[start] !== '#') start++
  let end = start
  while (end < url.length && url[end] !== '?' && url[end] !== '#') end++
  return end > start ? url.slice(start, end) : '/'
}

/**
 * One access-log line per request (method, path without its query, status, duration, request id, client
 * address) and the request's figures for /metrics. The whole request runs inside requestScope (Elysia's
 * `wrap`, around the routes Bun serves natively too), so every line it causes carries its id, which is
 * also the answer's X-Request-Id. Wrapping sees every answer with its final status: a 403 of the Origin
 * check, a 404, an error turned into the envelope. (Not onAfterResponse: Elysia keeps each context of such
 * a hook until a setImmediate, ~3 KB a request in the fuzz test's heap.)
 */
export function accessLog(ctx: AppContext, metrics: Metrics) {
  return (
    new Elysia({ name: 'access-log', seed: pluginSeed(ctx) })
      .wrap((handle) => (request: Request): unknown => {
        // A request the app makes to itself (a page's session read, app.ts askAs) is part of the outer one.
        if (requestScope.getStore()) return (handle as unknown as (r: Request) => unknown)(request)
        const given = request.headers.get('x-request-id')
        const scope: RequestScope = {
          requestId: given && FORWARDED_ID.test(given) ? given : crypto.randomUUID(),
          start: performance.now(),
        }
        return requestScope.run(scope, () => {
          const answer = (handle as unknown as (r: Request) => Response | Promise<Response>)(request)
          return answer instanceof Promise
            ? answer.then((res) => done(res, request, scope))
            : done(answer, request, scope)
        })
      })
      // The route pattern for the metrics (a label per pattern, never per path) and the peer for the address.
      .onTransform({ as: 'global' }, ({ route }) => {
        const scope = requestScope.getStore()
        if (scope) scope.route = route
      })
      .onRequest(({ server }) => {
        const scope = requestScope.getStore()
        if (scope) scope.server = server
      })
  )

  function done(res: Response, request: Request, scope: RequestScope): Response {
    try {
      res.headers.set('x-request-id', scope.requestId)
    } catch {
      /* a Response with immutable headers keeps them */
    }
    const seconds = (performance.now() - scope.start) / 1000
    metrics.record(request.method, scope.route ?? '(unmatched)', res.status, seconds)
    const path = pathOf(request.url)
    if (res.status < 300 && PROBES.has(path)) return res
    ctx.log.info('request', {
      method: request.method,
      path,
      status: res.status,
      ms: Math.round(seconds * 10_000) / 10,
      ip: clientIp(request, scope.server, ctx.config),
    })
    return res
  }
}
