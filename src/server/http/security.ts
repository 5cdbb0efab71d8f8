import type { Config } from '../config'
import { forbidden } from './errors'

/** Security headers of docs/api.md, sent on every answer. */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data: blob:",
      "media-src 'self' blob:",
      "connect-src 'self'",
      "worker-src 'self'",
      "manifest-src 'self'",
      "font-src 'self'",
      "form-action 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=()',
    'X-Frame-Options': 'DENY',
  }
  if (config.publicUrl.startsWith('https://'))
    headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains'
  return headers
}

/**
 * CSRF (docs/sessions.md): a state-changing request with a foreign Origin, or one the
 * browser marks cross-site, is refused. Requests without Origin (curl, tests) pass.
 */
export function checkOrigin(request: Request, config: Config) {
  const method = request.method
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return
  if (request.headers.get('sec-fetch-site') === 'cross-site')
    throw forbidden('Cross-site request refused', 'FOREIGN_ORIGIN')
  const origin = request.headers.get('origin')
  if (!origin) return
  if (origin === new URL(config.publicUrl).origin) return
  const host = request.headers.get('host')
  if (host && (origin === `http://${host}` || origin === `https://${host}`)) return
  throw forbidden('Cross-origin request refused', 'FOREIGN_ORIGIN')
}
