/**
 * JSON answers for the polled endpoints (docs/api.md): a weak ETag over the
 * serialised body, and 304 without a body when the client's If-None-Match
 * matches. Hashing is Bun's wyhash: cheap enough for every poll.
 */
export function jsonWithEtag<T>(c: { request: Request; set: { headers: Record<string, unknown> } }, value: T): T {
  // Typed as the value it carries: the route's answer type (and the typed client's, through
  // Eden) is the JSON of `value`; Elysia passes the Response itself through unchanged.
  const res = etagResponse(c.request, value, c.set.headers)
  // The headers Elysia would add (app.ts: the security headers) are on the answer already. With none left to add it
  // passes the Response through, instead of copying it and its headers into a new one (a tenth of a poll's CPU in
  // the issue 28 profile).
  c.set.headers = {}
  return res as unknown as T
}

/** Values whose JSON and ETag are computed once and kept with them (read-cache.ts: answers served many times). */
const serialised = new WeakMap<object, { body: string | Blob; etag: string } | null>()

/** Marks a value whose answer is kept: the first etagResponse of it serialises it, the later ones reuse that. */
export function keepSerialised<T extends object>(value: T): T {
  if (!serialised.has(value)) serialised.set(value, null)
  return value
}

function serialise(value: unknown) {
  const body = JSON.stringify(value)
  return { body, etag: `W/"${Bun.hash(body).toString(36)}"` }
}

/** The answer with its ETag, or a 304; `base`: headers it carries besides (names in lower case win over them). */
export function etagResponse(request: Request, value: unknown, base?: Record<string, unknown>): Response {
  const kept = typeof value === 'object' && value !== null
  let answer = kept ? serialised.get(value) : undefined
  if (!answer) {
    answer = serialise(value)
    // A kept answer's JSON as bytes, encoded once: Bun sends a Blob without copying it, a string it would encode
    // to UTF-8 again for every answer (a page of 200 files is ~100 KB).
    if (kept && serialised.has(value)) {
      answer = { ...answer, body: new Blob([answer.body]) }
      serialised.set(value, answer)
    }
  }
  const { body, etag } = answer
  // no-store (docs/api.md), 304s included: the client keeps its own copy and sends If-None-Match itself.
  const headers = { ...(base as Record<string, string>), etag, 'cache-control': 'no-store' }
  if (matches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers })
  return new Response(body, { headers: { ...headers, 'content-type': 'application/json; charset=utf-8' } })
}

function matches(header: string | null, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim() === etag || `W/${tag.trim()}` === etag)
}
