import { and, count, desc, eq, or, type SQL } from 'drizzle-orm'
import type { AppContext } from './context'
import { auditLog } from './db/schema'

/**
 * Records a security-relevant event (DESIGN.md §5). Never pass a code or a token in detail.
 * `target` is the client an expert acted on.
 */
export function audit(ctx: AppContext, action: string, userId: number | null, ip: string | null, detail?: Record<string, unknown>, target?: number | null) {
  ctx.db.insert(auditLog).values({ at: ctx.now(), userId, action, ip, detail: detail ? JSON.stringify(detail) : null, targetUserId: target ?? null }).run()
}

export const AUDIT_PAGE_SIZE = 50

/** The audit log, newest first; `userId` matches the actor or the client acted on. */
export function listAudit(ctx: AppContext, filter: { userId?: number; action?: string; page: number }) {
  const conditions: SQL[] = []
  if (filter.userId !== undefined) conditions.push(or(eq(auditLog.userId, filter.userId), eq(auditLog.targetUserId, filter.userId))!)
  if (filter.action) conditions.push(eq(auditLog.action, filter.action))
  const where = conditions.length ? and(...conditions) : undefined
  const total = ctx.db.select({ n: count() }).from(auditLog).where(where).get()?.n ?? 0
  const items = ctx.db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE).offset((filter.page - 1) * AUDIT_PAGE_SIZE).all()
    .map((r) => ({ id: r.id, at: r.at, userId: r.userId, targetUserId: r.targetUserId, action: r.action, ip: r.ip, detail: r.detail ? JSON.parse(r.detail) as Record<string, unknown> : null }))
  return { items, total, page: filter.page, pageSize: AUDIT_PAGE_SIZE }
}

/** The distinct actions recorded, for the audit screen's filter. */
export function auditActions(ctx: AppContext): string[] {
  return ctx.sqlite.query<{ action: string }, []>('SELECT DISTINCT action FROM audit_log ORDER BY action').all().map((r) => r.action)
}
