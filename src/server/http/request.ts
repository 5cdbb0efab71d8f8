import type { Config } from '../config'

type IpServer = { requestIP(req: Request): { address: string } | null } | null | undefined

/**
 * The client's address as the server sees it. Behind TRUST_PROXY=N proxies, each
 * appends the address it saw to X-Forwarded-For, so the client is the Nth entry
 * from the right; everything left of it is whatever the client wrote itself.
 */
export function clientIp(request: Request, server: IpServer, config: Config): string {
  if (config.trustProxy > 0) {
    const header = request.headers.get('x-forwarded-for')
    if (header) {
      const hops = header.split(',').map((h) => h.trim()).filter(Boolean)
      const forwarded = hops[Math.max(0, hops.length - config.trustProxy)]
      if (forwarded && forwarded.length <= 64) return forwarded
    }
  }
  return server?.requestIP(request)?.address ?? '127.0.0.1'
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
      try {
        return decodeURIComponent(raw)
      } catch {
        return raw
      }
    }
  }
  return undefined
}
