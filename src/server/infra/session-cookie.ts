import type { Config } from '../config'
import { isHttps } from '../config'

/** `__Host-` needs Secure, so the prefix comes with an https PUBLIC_URL only (docs/sessions.md). */
export const sessionCookieName = (config: Config) => (isHttps(config) ? '__Host-swisstax_session' : 'swisstax_session')

/** The Set-Cookie value of the session cookie; an empty token with 0 clears it. */
export function sessionCookie(config: Config, token: string, maxAgeSeconds: number) {
  const parts = [
    `${sessionCookieName(config)}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAgeSeconds}`,
  ]
  if (isHttps(config)) parts.push('Secure')
  return parts.join('; ')
}

/**
 * Reads one cookie from the Cookie header without parsing the others (hot path).
 * A value that is not valid percent-encoding is returned as sent: it then matches
 * no session and ends in a 401, never in a URIError (a 500 on every route once).
 */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie')
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim()
      // Most values have no escape at all (a session token is base64url): nothing to decode.
      if (!raw.includes('%')) return raw
      try {
        return decodeURIComponent(raw)
      } catch {
        return raw
      }
    }
  }
  return undefined
}
