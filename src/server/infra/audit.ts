import type { AppContext } from '../context'
import { auditLog } from '../db/schema'

/** Who did it and from where: a request context, or { user: null, ip: null } for the command line. */
export interface AuditSource {
  readonly user: { readonly id: number } | null
  readonly ip: string | null
}

/** The command line acts without a request: no user, no address. */
export const COMMAND_LINE: AuditSource = { user: null, ip: null }

/**
 * Records a security-relevant event (DESIGN.md §5). Services call it with the
 * request context they were given, so the address is never forgotten.
 * Never pass a code or a token in detail.
 */
export function audit(ctx: AppContext, by: AuditSource, action: string, detail?: Record<string, unknown>) {
  ctx.db.insert(auditLog).values({ at: ctx.now(), userId: by.user?.id ?? null, action, ip: by.ip, detail: detail ? JSON.stringify(detail) : null }).run()
}
