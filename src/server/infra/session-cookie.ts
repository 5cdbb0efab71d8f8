import type { Config } from '../config'
import { isHttps } from '../config'

/** `__Host-` needs Secure, so the prefix comes with an https PUBLIC_URL only (DESIGN.md §5). */
export const sessionCookieName = (config: Config) => (isHttps(config) ? '__Host-swisstax_session' : 'swisstax_session')

/** The Set-Cookie value of the session cookie; an empty token with 0 clears it. */
export function sessionCookie(config: Config, token: string, maxAgeSeconds: number) {
  const parts = [`${sessionCookieName(config)}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`]
  if (isHttps(config)) parts.push('Secure')
  return parts.join('; ')
}

/** Reads one cookie from the Cookie header without parsing the others (hot path). */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie')
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim())
  }
  return undefined
}
