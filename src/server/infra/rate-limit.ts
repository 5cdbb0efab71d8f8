import type { AppContext } from '../context'
import { tooManyRequests } from '../http/errors'

/** A limit: at most `max` hits per key in a fixed window of `windowMs`. */
export interface Limit {
  /** The counter's name; a key is counted per limit (`name:key`). */
  readonly name: string
  readonly max: number
  readonly windowMs: number
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * Every rate limit of the server but the code requests (those count the login codes themselves, in
 * src/server/auth/service.ts). Per address: sign-in attempts. Per user: every write that reaches an
 * expert or the audit log, so that one account cannot fill the experts' inbox or the log.
 */
export const LIMITS = {
  /** Sign-in attempts (verify-code) per address, right or wrong: enough for an office behind one NAT. */
  verifyPerIp: { name: 'verify_ip', max: 30, windowMs: 10 * MINUTE },
  /** Exports per person: each one reads every stored document. */
  export: { name: 'export', max: 3, windowMs: HOUR },
  /** Messages to the experts per person. */
  message: { name: 'message', max: 30, windowMs: HOUR },
  /** Requests for the premium plan per person: one is enough, a second a day later a reminder. */
  premiumRequest: { name: 'premium_request', max: 2, windowMs: DAY },
  /** Dossiers per expert: each one decrypts and copies a client's whole year (up to hundreds of MB). */
  dossier: { name: 'dossier', max: 30, windowMs: HOUR },
  /** "Sign out everywhere else" and ending one session, per person. */
  sessionsEnd: { name: 'sessions_end', max: 20, windowMs: HOUR },
} as const satisfies Record<string, Limit>

/**
 * Counts one hit of `key` under `limit`; returns 0 when it is allowed, else the milliseconds until the window
 * ends. One atomic upsert in the database: every process on the data folder counts into the same row, and a
 * restart forgets nothing.
 */
export async function hit(ctx: AppContext, limit: Limit, key: string | number): Promise<number> {
  const now = ctx.now()
  const upsert = () =>
    ctx.backend.get<{ window_start: number; hits: number }>(
      `INSERT INTO rate_limits (bucket, window_start, hits) VALUES (?, ?, 1)
       ON CONFLICT (bucket) DO UPDATE SET
         hits = CASE WHEN excluded.window_start - rate_limits.window_start >= ? THEN 1 ELSE rate_limits.hits + 1 END,
         window_start = CASE WHEN excluded.window_start - rate_limits.window_start >= ?
           THEN excluded.window_start ELSE rate_limits.window_start END
       RETURNING window_start, hits`,
      `${limit.name}:${key}`,
      now,
      limit.windowMs,
      limit.windowMs,
    )
  // A write: its own transaction outside one.
  const row = (ctx.backend.inTx() ? await upsert() : await ctx.tx(upsert))!
  return row.hits > limit.max ? row.window_start + limit.windowMs - now : 0
}

/** The longest window of LIMITS: a row older than this has nothing left to count. */
const LONGEST_WINDOW = Math.max(...Object.values(LIMITS).map((l) => l.windowMs))

/** Maintenance task: removes counters whose window has ended. */
export async function sweepRateLimits(ctx: AppContext) {
  await ctx.backend.run('DELETE FROM rate_limits WHERE window_start < ?', ctx.now() - LONGEST_WINDOW)
}

/** Counts one hit and refuses it past the limit: a 429 with `Retry-After` and `message`. */
export async function enforce(ctx: AppContext, limit: Limit, key: string | number, message: string) {
  const wait = await hit(ctx, limit, key)
  if (wait > 0) throw tooManyRequests(wait / 1000, message)
}
