import type { Config } from '../config'
import type { SessionUser } from './sessions'

/** What Bun's server offers for the peer address; absent when a test calls app.handle. */
export type IpServer = { requestIP(req: Request): { address: string } | null } | null | undefined

let listening: IpServer
/**
 * The server that listens (main.ts sets it after listen). The peer address is asked of it, not only of the
 * `server` in Elysia's context: Elysia hands a handler what it infers from the handler's source text, and in
 * the minified executable that inference missed `server`, so every client was 127.0.0.1.
 */
export function setListeningServer(server: IpServer) {
  listening = server
}

/**
 * The client's address as the server sees it. Behind TRUST_PROXY=N proxies, each
 * appends the address it saw to X-Forwarded-For, so the client is the Nth entry
 * from the right; everything left of it is whatever the client wrote itself.
 */
export function clientIp(request: Request, server: IpServer, config: Config): string {
  if (config.trustProxy > 0) {
    const header = request.headers.get('x-forwarded-for')
    if (header) {
      const hops = header
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean)
      const forwarded = hops[Math.max(0, hops.length - config.trustProxy)]
      if (forwarded && forwarded.length <= 64) return forwarded
    }
  }
  return (listening ?? server)?.requestIP(request)?.address ?? '127.0.0.1'
}

/**
 * Who is asking, from where, with what: resolved once per request by the auth
 * plugin and handed to services, which audit and record through it. The address
 * is worked out on first use only, so the polled GETs that never need it pay nothing.
 */
export class RequestContext<U extends SessionUser | null = SessionUser> {
  #ip: string | undefined
  constructor(
    readonly user: U,
    private readonly request: Request,
    private readonly server: IpServer,
    private readonly config: Config,
  ) {}

  get ip(): string {
    this.#ip ??= clientIp(this.request, this.server, this.config)
    return this.#ip
  }

  /** The browser's User-Agent, cut to what is worth storing. */
  get userAgent(): string {
    return (this.request.headers.get('user-agent') ?? '').slice(0, 500)
  }
}

/** A request that may come from someone not signed in (sign-in, sign-out). */
export type VisitorContext = RequestContext<SessionUser | null>
