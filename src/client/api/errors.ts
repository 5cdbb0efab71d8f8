import i18next from 'i18next'

/**
 * A failed call: the HTTP status, the server's `{message, code}` when it sent
 * one, and a message that reads '{status}: {body or status text}' (spec part 1 §8).
 */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly serverMessage?: string,
    /** A 429's Retry-After: how long until the server takes the request again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
  }
}

/**
 * How long to wait, in the largest whole unit that says it (rounded up, never "0 minutes"): "45 seconds",
 * "13 minutes", "2 hours". The limits' waits run from a minute to a day.
 */
export function waitText(seconds: number, i18n: Pick<typeof i18next, 't'> = i18next): string {
  const s = Math.max(1, Math.ceil(seconds))
  if (s < 60) return i18n.t('common:wait.seconds', { count: s })
  if (s < 3600) return i18n.t('common:wait.minutes', { count: Math.ceil(s / 60) })
  return i18n.t('common:wait.hours', { count: Math.ceil(s / 3600) })
}

export const isUnauthorized = (err: unknown) => err instanceof ApiRequestError && err.status === 401

/**
 * The translation of a server error code (common:server_errors.CODE, one list for
 * every area), or undefined when the locales have none for it.
 */
export function serverErrorText(
  code: string | undefined,
  params: Record<string, unknown> = {},
  i18n: Pick<typeof i18next, 'exists' | 't'> = i18next,
): string | undefined {
  const key = `common:server_errors.${code}`
  return code && i18n.exists(key) ? i18n.t(key, params) : undefined
}

/**
 * The text to show for a failed call: the translation of the server's error code
 * when the locale has one, else the server's own message, else the fallback; a 429 says how long to wait.
 */
export function messageOf(err: unknown, fallback: string, params: Record<string, unknown> = {}): string {
  if (!(err instanceof ApiRequestError)) return fallback
  // "A moment" hid waits of up to an hour: the 429 says how long (Retry-After), so the text does too.
  if (err.status === 429 && err.retryAfterSeconds)
    return i18next.t('common:rate_limited_wait', { wait: waitText(err.retryAfterSeconds) })
  return serverErrorText(err.code, params) ?? err.serverMessage ?? fallback
}
