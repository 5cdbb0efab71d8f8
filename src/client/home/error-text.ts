import i18next from 'i18next'
import { ApiRequestError, messageOf } from '../api'

/**
 * The text of a failed dashboard call in the user's language: the server's
 * error code translated through home:server_errors when the locale has it
 * (transmit and message errors), else the shared rule of `messageOf` (the
 * server's own message, else the fallback).
 */
export function homeErrorText(err: unknown, fallback: string, params: Record<string, unknown> = {}): string {
  const key = err instanceof ApiRequestError && err.code ? `home:server_errors.${err.code}` : undefined
  if (key && i18next.exists(key)) return i18next.t(key, params)
  return messageOf(err, fallback)
}
