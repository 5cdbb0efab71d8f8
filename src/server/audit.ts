import type { AppContext } from './context'
import { auditLog } from './db/schema'

/** Records a security-relevant event (DESIGN.md §5). Never pass a code or a token in detail. */
export function audit(ctx: AppContext, action: string, userId: number | null, ip: string | null, detail?: Record<string, unknown>) {
  ctx.db.insert(auditLog).values({ at: ctx.now(), userId, action, ip, detail: detail ? JSON.stringify(detail) : null }).run()
}
