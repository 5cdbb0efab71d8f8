import type { Config } from '../config'

type IpServer = { requestIP(req: Request): { address: string } | null } | null | undefined

/** The client's address as the server sees it; X-Forwarded-For only behind a trusted proxy. */
export function clientIp(request: Request, server: IpServer, config: Config): string {
  if (config.trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  return server?.requestIP(request)?.address ?? '127.0.0.1'
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
