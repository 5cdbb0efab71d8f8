import type { AppContext } from './context'
import type { SessionStore } from './auth/session'
import { sweepAudit } from './audit'

const HOUR = 3_600_000
/** Login codes are kept a day: long enough for the hourly caps and the audit, then gone. */
const CODE_RETENTION_MS = 24 * HOUR

const lastAuditSweep = new WeakMap<AppContext, number>()

/**
 * Hourly housekeeping: expired sessions and old login codes; once a day, audit
 * entries past AUDIT_RETENTION_DAYS. Areas add their own tasks.
 */
export function runMaintenance(ctx: AppContext, sessions: SessionStore, tasks: ((ctx: AppContext) => void)[] = []) {
  sessions.purgeExpired()
  ctx.sqlite.query('DELETE FROM login_codes WHERE created_at < ?').run(ctx.now() - CODE_RETENTION_MS)
  const last = lastAuditSweep.get(ctx)
  if (last === undefined || ctx.now() - last >= 24 * HOUR) {
    lastAuditSweep.set(ctx, ctx.now())
    const removed = sweepAudit(ctx, ctx.config.auditRetentionDays)
    if (removed) ctx.log.info('swept old audit entries', { count: removed, retentionDays: ctx.config.auditRetentionDays })
  }
  for (const task of tasks) task(ctx)
}

export function startMaintenance(ctx: AppContext, sessions: SessionStore, tasks: ((ctx: AppContext) => void)[] = []) {
  const run = () => {
    try {
      runMaintenance(ctx, sessions, tasks)
    } catch (err) {
      ctx.log.error('maintenance failed', { error: (err as Error).message })
    }
  }
  run()
  return setInterval(run, HOUR)
}
