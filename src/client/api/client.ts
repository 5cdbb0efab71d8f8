import { treaty } from '@elysiajs/eden'
// The one import from server code the client may have: a type, erased from the bundle.
import type { App, DevApp } from '../../server/app'
import { ApiRequestError } from './errors'
import { takeEarly } from './early'
import { xhrFetch } from './xhr-fetch'

/**
 * The typed API client (docs/client.md): `api.user.get({ query: { taxYear } })`
 * takes its request and answer types from the server's routes, so nothing here
 * re-declares an answer. The spec's shared request behaviour (part 1 §7/§8) is
 * written once, in the fetcher below:
 * - cookies go along (same origin);
 * - a 401 opens the session-expired flow, except through `quietApi` (the login
 *   flow itself, the session probe, the first look at the session);
 * - the polled GETs send If-None-Match and a 304 is answered from the last body;
 * - `call()` turns a failure into an ApiRequestError with the server's
 *   `{message, code}`, which `messageOf` translates through common:server_errors.
 */

/** Last good bodies of GETs that carried an ETag, by URL (docs/api.md: the client keeps its own copy). */
const etagCache = new Map<string, { etag: string; body: string; contentType: string }>()

let unauthorized: () => void = () => {}
/** What a 401 outside the quiet calls does (the app opens the Session Expired dialog). */
export function onUnauthorized(handler: () => void) {
  unauthorized = handler
}

let reachable: (answered: boolean) => void = () => {}
/**
 * Told whether each request got an answer (api/offline.ts: no answer at all takes the app offline, any answer back
 * online). The browser may believe it is online while the server cannot be reached; that is no reason to show the
 * sign-in form.
 */
export function onReachable(handler: (answered: boolean) => void) {
  reachable = handler
}

/** How many answers have come back so far: a failure is stale once an answer arrived while it was under way. */
let answers = 0

/**
 * fetch, telling onReachable whether an answer came. A cancelled request says nothing about the connection, and
 * neither does one that failed while another got its answer: it was sent before the connection came back (Retry's
 * answer first, then the failure of a read sent while the server was down), and would take the app offline again.
 */
async function fetchOrReport(request: () => Promise<Response>): Promise<Response> {
  const answersBefore = answers
  try {
    const response = await request()
    answers += 1
    reachable(true)
    return response
  } catch (err) {
    const cancelled = err instanceof DOMException && err.name === 'AbortError'
    if (!cancelled && answers === answersBefore) reachable(false)
    throw err
  }
}

/** The shared request behaviour around a transport: `fetch`, or XHR for the uploads' progress (xhr-fetch.ts). */
function fetcherFor(quiet: boolean, transport?: typeof fetch) {
  const fetcher = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = String(input)
    const method = (init.method ?? 'GET').toUpperCase()
    const headers = new Headers(init.headers)
    const cached = method === 'GET' ? etagCache.get(url) : undefined
    if (cached) headers.set('If-None-Match', cached.etag)
    // The page's entry may have asked already (early.ts); a GET with a kept body asks with its ETag instead.
    const early = method === 'GET' && !cached ? takeEarly(url) : undefined
    const response = await fetchOrReport(
      () => early ?? (transport ?? fetch)(url, { ...init, headers, credentials: 'same-origin' }),
    )
    if (response.status === 304 && cached) {
      return new Response(cached.body, {
        status: 200,
        headers: { 'content-type': cached.contentType, etag: cached.etag },
      })
    }
    if (response.status === 401 && !quiet) unauthorized()
    const etag = response.headers.get('etag')
    if (method === 'GET' && response.ok && etag) {
      etagCache.set(url, {
        etag,
        body: await response.clone().text(),
        contentType: response.headers.get('content-type') ?? 'application/json',
      })
    }
    return response
  }
  // Bun's `typeof fetch` carries an extra `preconnect`; Treaty only ever calls it.
  return fetcher as typeof fetch
}

const origin = typeof location === 'undefined' ? 'http://localhost' : location.origin
// parseDate off: dates stay the ISO strings the route schemas declare.
// Every route is under /api, so the clients start there: `api.user.get()` is GET /api/user.
export const api = treaty<App>(origin, { fetcher: fetcherFor(false), parseDate: false }).api
/** The same client without the session-expired flow on 401. */
export const quietApi = treaty<App>(origin, { fetcher: fetcherFor(true), parseDate: false }).api

/** The development-only routes (the debug panel of development builds), quiet like the login flow. */
export const devApi = treaty<DevApp>(origin, { fetcher: fetcherFor(true), parseDate: false }).api

/**
 * The same client over XHR, for the two upload routes (api/upload.ts): the answer is typed and read as every other
 * call's, and `onProgress` hears how much of the body has been sent, which fetch does not tell.
 */
export const progressApi = (onProgress: (loaded: number, total: number) => void) =>
  treaty<App>(origin, { fetcher: fetcherFor(false, xhrFetch(onProgress)), parseDate: false }).api

/** Forgets every cached body (logout, the header logo). */
export const clearApiCache = () => etagCache.clear()

interface TreatyAnswer {
  data: unknown
  error: unknown
  response?: Response
}

/**
 * Awaits a Treaty call and returns its data typed by the route, or throws: an
 * ApiRequestError for an HTTP failure, the original error when the network failed.
 */
export async function call<R extends TreatyAnswer>(request: Promise<R>): Promise<Extract<R, { error: null }>['data']> {
  const answer = await request
  const error = answer.error
  // Narrowing a generic union needs the cast: this is the one place.
  if (error === null) return answer.data as Extract<R, { error: null }>['data']
  const { status, value } = error as { status: number; value: unknown }
  if (value instanceof Error) throw value // the fetch itself failed (offline): not an HTTP answer
  const body = value && typeof value === 'object' ? (value as { message?: unknown; code?: unknown }) : {}
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  const retryAfter = Number(answer.response?.headers.get('retry-after'))
  throw new ApiRequestError(
    `${status}: ${text || ''}`,
    status,
    typeof body.code === 'string' ? body.code : undefined,
    typeof body.message === 'string' ? body.message : undefined,
    retryAfter > 0 ? retryAfter : undefined,
  )
}

export { ApiRequestError, isUnauthorized, messageOf, serverErrorText } from './errors'
