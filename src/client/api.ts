import i18next from 'i18next'
/**
 * The shared request helper of spec part 1 §7/§8: cookies on every call, a 401
 * fires the session-expired event, and a failure becomes an error whose message
 * reads '{status}: {body or status text}'.
 */
export const SESSION_EXPIRED_EVENT = 'session-expired'

export class ApiRequestError extends Error {
  constructor(message: string, readonly status: number, readonly code?: string, readonly serverMessage?: string) {
    super(message)
  }
}

export interface RequestOptions {
  method?: string
  body?: unknown
  signal?: AbortSignal
  /** Do not fire the session-expired event on 401 (the login flow itself, the session probe). */
  quiet401?: boolean
}

// Last good answers of polled GETs, by path: the If-None-Match / 304 cache (DESIGN.md §4).
const etagCache = new Map<string, { etag: string; data: unknown }>()

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, quiet401 } = options
  const headers: Record<string, string> = {}
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json'
  const cached = method === 'GET' ? etagCache.get(path) : undefined
  if (cached) headers['If-None-Match'] = cached.etag
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    signal,
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  })
  if (response.status === 304 && cached) return cached.data as T
  if (response.status === 401 && !quiet401) window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT))
  const text = await response.text()
  if (!response.ok) {
    let code: string | undefined
    let serverMessage: string | undefined
    try {
      const parsed = JSON.parse(text) as { code?: string; message?: string }
      code = parsed.code
      serverMessage = parsed.message
    } catch { /* not JSON: the raw text is the message */ }
    throw new ApiRequestError(`${response.status}: ${text || response.statusText}`, response.status, code, serverMessage)
  }
  const data = (text ? JSON.parse(text) : undefined) as T
  const etag = response.headers.get('etag')
  if (method === 'GET' && etag) etagCache.set(path, { etag, data })
  return data
}

/** Forgets every cached answer (logout, the header logo). */
export const clearApiCache = () => etagCache.clear()

/**
 * The translation of a server error code (common:server_errors.CODE, one list for
 * every area), or undefined when the locales have none for it.
 */
export function serverErrorText(code: string | undefined, params: Record<string, unknown> = {},
  i18n: Pick<typeof i18next, 'exists' | 't'> = i18next): string | undefined {
  const key = `common:server_errors.${code}`
  return code && i18n.exists(key) ? i18n.t(key, params) : undefined
}

/**
 * The text to show for a failed call: the translation of the server's error code
 * when the locale has one, else the server's own message, else the fallback.
 */
export function messageOf(err: unknown, fallback: string, params: Record<string, unknown> = {}): string {
  if (!(err instanceof ApiRequestError)) return fallback
  return serverErrorText(err.code, params) ?? err.serverMessage ?? fallback
}
