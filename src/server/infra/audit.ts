import { first } from '../db/query'
import { createHmac } from 'node:crypto'
import { and, count, desc, eq, gt, isNull, or } from 'drizzle-orm'
import { type Static, t } from 'elysia'
import type { AppContext } from '../context'
import { derive } from '../keys'
import { auditLog, users } from '../db/schema'

/** Who did it and from where: a request context, or { user: null, ip: null } for the command line. */
export interface AuditSource {
  readonly user: { readonly id: number } | null
  readonly ip: string | null
}

/** The command line acts without a request: no user, no address. */
export const COMMAND_LINE: AuditSource = { user: null, ip: null }

/** Who an event aimed at: an account id, or an e-mail (stored as a keyed hash when it has no account). */
export interface AuditTarget {
  userId?: number | null
  email?: string
}

export interface AuditOptions {
  target?: AuditTarget
  /**
   * Failures: one row per action, client address and acting user within the window, whatever the target; its
   * `repeats` counts them and `otherTargets` how many of them aimed elsewhere than the first.
   */
  collapse?: boolean
}

/** Repeated failures within this window add to one row. */
export const COLLAPSE_WINDOW_MS = 3_600_000

const hashKeys = new WeakMap<AppContext, Buffer>()
/**
 * A keyed hash of an e-mail: an operator can tell that the same unknown address
 * was aimed at again (and match it to an address they suspect) without the log
 * holding the address itself.
 */
export function emailHash(ctx: AppContext, email: string): string {
  let key = hashKeys.get(ctx)
  if (!key) {
    key = derive(ctx.keys.master, 'swisstax audit target v1')
    hashKeys.set(ctx, key)
  }
  return createHmac('sha256', key).update(email).digest('hex').slice(0, 32)
}

async function resolveTarget(
  ctx: AppContext,
  target: AuditTarget | undefined,
): Promise<{ targetUserId: number | null; targetHash: string | null }> {
  if (!target) return { targetUserId: null, targetHash: null }
  if (target.userId != null) return { targetUserId: target.userId, targetHash: null }
  if (target.email === undefined) return { targetUserId: null, targetHash: null }
  const account = await first(ctx.db.select({ id: users.id }).from(users).where(eq(users.email, target.email)))
  return account
    ? { targetUserId: account.id, targetHash: null }
    : { targetUserId: null, targetHash: emailHash(ctx, target.email) }
}

/** What an entry's detail may hold: plain values and lists of texts, nothing nested (never a code or a token). */
export const auditDetailSchema = t.Record(
  t.String(),
  t.Union([t.Null(), t.String(), t.Number(), t.Boolean(), t.Array(t.String())]),
)
/** A detail as a caller writes it: a field left undefined is not stored (JSON). */
export type AuditDetail = Record<string, Static<typeof auditDetailSchema>[string] | undefined>

/**
 * Records a security-relevant event (docs/sessions.md). Services call it with the
 * request context they were given, so the address is never forgotten.
 * Never pass a code or a token in detail.
 */
export async function audit(
  ctx: AppContext,
  by: AuditSource,
  action: string,
  detail?: AuditDetail,
  opts: AuditOptions = {},
): Promise<void> {
  const now = ctx.now()
  const detailText = detail ? JSON.stringify(detail) : null
  await ctx.tx(async () => {
    const target = await resolveTarget(ctx, opts.target)
    if (opts.collapse && (await collapsed(ctx, by, action, now, target, detailText))) return
    await ctx.db
      .insert(auditLog)
      .values({ at: now, userId: by.user?.id ?? null, action, ip: by.ip, detail: detailText, ...target })
  })
}

/** Adds a repeated failure to the window's row of the same action, address and user; false when there is none. */
async function collapsed(
  ctx: AppContext,
  by: AuditSource,
  action: string,
  now: number,
  target: { targetUserId: number | null; targetHash: string | null },
  detailText: string | null,
): Promise<boolean> {
  await ctx.lock(`audit:${action}:${by.ip}:${by.user?.id}`)
  {
    const same = await first(
      ctx.db
        .select({ id: auditLog.id, targetUserId: auditLog.targetUserId, targetHash: auditLog.targetHash })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, action),
            by.ip === null ? isNull(auditLog.ip) : eq(auditLog.ip, by.ip),
            by.user ? eq(auditLog.userId, by.user.id) : isNull(auditLog.userId),
            gt(auditLog.at, now - COLLAPSE_WINDOW_MS),
          ),
        )
        .orderBy(desc(auditLog.at)),
    )
    if (same) {
      // Another target from the same client is the same attack, not news: the row keeps its first target and says
      // that others followed (a hundred random addresses must not be a hundred rows).
      const otherTarget = same.targetUserId !== target.targetUserId || same.targetHash !== target.targetHash
      await ctx.backend.run(
        'UPDATE audit_log SET repeats = repeats + 1, last_at = ?, detail = ?, ' +
          'other_targets = other_targets + ? WHERE id = ?',
        now,
        detailText,
        otherTarget ? 1 : 0,
        same.id,
      )
      return true
    }
  }
  return false
}

/** Removes entries older than the retention (AUDIT_RETENTION_DAYS). */
export async function sweepAudit(ctx: AppContext, retentionDays = ctx.config.auditRetentionDays): Promise<number> {
  const cutoff = ctx.now() - retentionDays * 86_400_000
  return (await ctx.backend.run('DELETE FROM audit_log WHERE at < ?', cutoff)).changes
}

/** Scheduled task (daily, once across every process): sweeps the audit log. */
export async function sweepAuditDaily(ctx: AppContext) {
  const removed = await sweepAudit(ctx)
  if (removed) ctx.log.info('swept old audit entries', { count: removed, retentionDays: ctx.config.auditRetentionDays })
}

export const AUDIT_PAGE_SIZE = 50

/** The audit log for the experts' screen, newest first; `userId` matches the actor or the client acted on. */
export async function listAudit(ctx: AppContext, filter: { userId?: number; action?: string; page: number }) {
  const conditions = []
  if (filter.userId !== undefined)
    conditions.push(or(eq(auditLog.userId, filter.userId), eq(auditLog.targetUserId, filter.userId))!)
  if (filter.action) conditions.push(eq(auditLog.action, filter.action))
  const where = conditions.length ? and(...conditions) : undefined
  const total = (await first(ctx.db.select({ n: count() }).from(auditLog).where(where)))?.n ?? 0
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((filter.page - 1) * AUDIT_PAGE_SIZE)
  const items = rows.map((r) => ({
    id: r.id,
    at: r.at,
    lastAt: r.lastAt,
    repeats: r.repeats,
    otherTargets: r.otherTargets,
    userId: r.userId,
    targetUserId: r.targetUserId,
    action: r.action,
    ip: r.ip,
    detail: r.detail ? (JSON.parse(r.detail) as Static<typeof auditDetailSchema>) : null,
  }))
  return { items, total, page: filter.page, pageSize: AUDIT_PAGE_SIZE }
}

/** The distinct actions recorded, for the audit screen's filter. */
export async function auditActions(ctx: AppContext): Promise<string[]> {
  const rows = await ctx.backend.all<{ action: string }>('SELECT DISTINCT action FROM audit_log ORDER BY action')
  return rows.map((r) => r.action)
}

/** What the audit holds about a person (acting or aimed at), for their export. No codes or tokens are ever in it. */
export async function auditAbout(ctx: AppContext, userId: number) {
  const rows = await ctx.backend.all<{
    at: number
    action: string
    ip: string | null
    detail: string | null
    user_id: number | null
    repeats: number
  }>(
    'SELECT at, action, ip, detail, user_id, repeats FROM audit_log WHERE user_id = ? OR target_user_id = ? ' +
      'ORDER BY at',
    userId,
    userId,
  )
  return rows.map((r) => ({
    at: new Date(r.at).toISOString(),
    action: r.action,
    ip: r.ip,
    byThisAccount: r.user_id === userId,
    repeats: r.repeats,
    detail: r.detail ? JSON.parse(r.detail) : null,
  }))
}

/**
 * A deleted account leaves a pseudonymous trace only: its rows name the keyed
 * hash of its e-mail instead of its id, and details that could name it go.
 */
export async function pseudonymiseAudit(ctx: AppContext, userId: number, email: string) {
  const hash = emailHash(ctx, email)
  await ctx.backend.run(
    'UPDATE audit_log SET user_id = NULL, target_user_id = NULL, target_hash = ?, detail = NULL WHERE user_id = ? ' +
      'OR target_user_id = ?',
    hash,
    userId,
    userId,
  )
}
