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
  ) {
    super(message)
  }
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
 * when the locale has one, else the server's own message, else the fallback.
 */
export function messageOf(err: unknown, fallback: string, params: Record<string, unknown> = {}): string {
  if (!(err instanceof ApiRequestError)) return fallback
  return serverErrorText(err.code, params) ?? err.serverMessage ?? fallback
}
