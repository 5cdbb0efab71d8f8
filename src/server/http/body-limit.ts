import { ApiError, badRequest } from './errors'

/**
 * Request body limits (docs/limits.md). Every body is read here, in Elysia's parse
 * stage: before a route's schema, before the session is looked up. Bytes are
 * counted while they stream, so a missing or lying Content-Length changes
 * nothing: an anonymous client can make the server hold at most the route's
 * limit. JSON is checked for nesting depth and member count before it is parsed.
 */
export const JSON_BODY_LIMIT = 64 * 1024

/** Routes that need more than the default, by exact path. 'stream' routes read their own body (multipart uploads). */
export const ROUTE_BODY_LIMITS: Readonly<Record<string, number | 'stream'>> = {
  '/api/files/upload': 'stream',
  '/api/upload': 'stream',
  // 20,000 characters; JSON may escape each one to six bytes.
  '/api/send-message': 160 * 1024,
  '/api/messages': 160 * 1024,
  // The wizard's whole declaration.
  '/api/tax/save-declaration': 512 * 1024,
}

export const MAX_JSON_DEPTH = 32
export const MAX_JSON_MEMBERS = 5_000

export const tooLarge = (limit: number) =>
  new ApiError(413, 'BODY_TOO_LARGE', `The request body is larger than ${Math.round(limit / 1024)} KB.`)

export const bodyLimitOf = (path: string) => ROUTE_BODY_LIMITS[path] ?? JSON_BODY_LIMIT

/** Reads a body stream up to `limit` bytes; one byte more cancels the stream and refuses. */
export async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string> {
  if (!body) return ''
  const reader = body.getReader()
  const parts: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      await reader.cancel().catch(() => {})
      throw tooLarge(limit)
    }
    parts.push(value)
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(parts))
}

/**
 * One pass over the text outside strings: nesting depth and the number of
 * members (object keys and array elements). A 10 KB body nested 5,000 deep
 * once overflowed the validator's stack; now it never reaches it.
 */
export function checkJsonShape(text: string, maxDepth = MAX_JSON_DEPTH, maxMembers = MAX_JSON_MEMBERS) {
  let depth = 0
  let members = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92)
        i++ // backslash: skip the escaped character
      else if (c === 34) inString = false
      continue
    }
    if (c === 34) inString = true
    else if (c === 123 || c === 91) {
      if (++depth > maxDepth)
        throw badRequest(`The request body is nested deeper than ${maxDepth} levels`, 'BODY_TOO_DEEP')
      members++
    } else if (c === 125 || c === 93) depth--
    else if (c === 44) {
      if (++members > maxMembers)
        throw badRequest(`The request body has more than ${maxMembers} members`, 'BODY_TOO_MANY_MEMBERS')
    }
  }
}

/**
 * The app's one body parser (registered globally in app.ts). Returns the body
 * for JSON, form and text; refuses multipart outside the upload routes; leaves
 * other types unread (the route's schema then refuses a missing body).
 */
export async function parseLimitedBody(request: Request, path: string, contentType: string): Promise<unknown> {
  const limit = bodyLimitOf(path)
  // Not undefined: that would make Elysia run its own parsers (or the route's 'none') after this one.
  if (limit === 'stream') return null
  const type = contentType.toLowerCase()
  if (type === 'multipart/form-data') {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'This endpoint takes JSON, not multipart/form-data.')
  }
  const text = await readLimited(request.body, limit)
  if (type === 'application/json' || type.endsWith('+json')) {
    if (text.trim() === '') return null
    checkJsonShape(text)
    try {
      return JSON.parse(text)
    } catch {
      throw badRequest('The request body is not valid JSON', 'INVALID_JSON')
    }
  }
  if (type === 'application/x-www-form-urlencoded') {
    const out: Record<string, string> = Object.create(null)
    let n = 0
    for (const [k, v] of new URLSearchParams(text)) {
      if (++n > MAX_JSON_MEMBERS)
        throw badRequest(`The request body has more than ${MAX_JSON_MEMBERS} members`, 'BODY_TOO_MANY_MEMBERS')
      out[k] = v
    }
    return out
  }
  if (type.startsWith('text/')) return text
  // Any other type: read (within the limit) and ignored, so no default parser buffers it whole.
  return null
}
