/**
 * The one error shape of docs/api.md: `{ message, code }`, message fit for a
 * person, code a stable UPPER_SNAKE constant. Services throw these; the
 * onError hook in app.ts turns them into the JSON answer.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export const badRequest = (message: string, code = 'INVALID_INPUT') => new ApiError(400, code, message)
export const forbidden = (message = 'You are not allowed to do this.', code = 'FORBIDDEN') =>
  new ApiError(403, code, message)
export const notFound = (message = 'Not found', code = 'NOT_FOUND') => new ApiError(404, code, message)
export const conflict = (message: string, code = 'CONFLICT') => new ApiError(409, code, message)
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many requests. Please wait and try again.') =>
  new ApiError(429, 'RATE_LIMITED', message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) })

export function errorResponse(status: number, code: string, message: string, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ message, code }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  })
}

/** Elysia/TypeBox validation error → a message naming the field. */
export function validationMessage(error: unknown): string {
  const all = (error as { all?: { path?: string; message?: string; summary?: string }[] }).all
  const first = all?.[0]
  if (!first) return 'Invalid input'
  const field = (first.path ?? '').replace(/^\//, '').replace(/\//g, '.')
  if (!field) return `Invalid input: ${first.message ?? 'wrong shape'}`
  if (first.summary?.includes('but found: undefined')) return `Missing field '${field}'`
  return `Invalid field '${field}': ${first.message ?? 'invalid value'}`
}
