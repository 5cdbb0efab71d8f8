import type { AppContext } from '../context'
import { versionedCache } from '../http/read-cache'
import { sessionCookie } from './session-cookie'

/** The signed-in user as every request sees it: what the session lookup joins from `users` anyway. */
export interface SessionUser {
  id: number
  email: string
  role: 'user' | 'admin'
  /** The user's chosen language, for answers with names in it (document categories). */
  language: string
}

const hashToken = (token: string) => new Bun.CryptoHasher('sha256').update(token).digest('base64url')

function newToken() {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
}

/** Sessions are named to their owner by this many characters of the token hash. */
export const SESSION_ID_LENGTH = 16

// Written once a minute at most: a read-mostly hot path should not write on every poll.
const TOUCH_INTERVAL_MS = 60_000

/** Session rows kept between commits: a few hundred bytes each, one per person polling right now. */
const MAX_KEPT_SESSIONS = 10_000

interface Found {
  hash: string
  user_id: number
  created_at: number
  last_seen_at: number
  email: string
  role: 'user' | 'admin'
  language: string
}

/**
 * The session first, then its user: as a plain join, SQLite's statement cost about a fresh prepare on every run
 * (~12–30 µs against ~2.5 µs for this shape, measured with bun:sqlite; the same join with the hash written in as
 * a literal ran in 1.7 µs, so the plan is redone for each binding). The LIMIT keeps the inner select from being
 * flattened back into the join. Plain SQL both dialects run.
 */
const FIND =
  'SELECT s.user_id, s.created_at, s.last_seen_at, u.email, u.role, u.language FROM (SELECT user_id, created_at, ' +
  'last_seen_at FROM sessions WHERE token_hash = ? LIMIT 1) s JOIN users u ON u.id = s.user_id'
const REMOVE = 'DELETE FROM sessions WHERE token_hash = ?'

/**
 * The hot path of every authenticated call: cookie token → session → user. Raw SQL through the storage seam's
 * statement cache (drizzle's builder costs 2–3× here, issue 2 benchmark). The row is kept by token until the
 * database changes (http/read-cache.ts versionedCache: any commit of any connection or process, a sign-out
 * elsewhere included), so a poll with nothing committed since hashes nothing and queries nothing; expiry is
 * checked against the clock on every call, kept row or not, and the once-a-minute touch is a commit that drops
 * what was kept.
 */
function sessionLookup(ctx: AppContext) {
  const { backend } = ctx
  const kept = versionedCache<Found | undefined>(backend, MAX_KEPT_SESSIONS)
  const find = async (token: string) => {
    const hash = hashToken(token)
    const row = await backend.get<Omit<Found, 'hash'>>(FIND, hash)
    return row && { ...row, hash }
  }
  return async function lookup(token: string | undefined): Promise<SessionUser | null> {
    if (!token || token.length > 100) return null
    const row = await kept(token, () => find(token))
    if (!row) return null
    const now = ctx.now()
    if (now - row.last_seen_at > ctx.config.sessionIdleMs || now - row.created_at > ctx.config.sessionMaxMs) {
      await backend.run(REMOVE, row.hash)
      return null
    }
    if (now - row.last_seen_at > TOUCH_INTERVAL_MS)
      await backend.run('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?', now, row.hash)
    return { id: row.user_id, email: row.email, role: row.role, language: row.language }
  }
}

/** Opening and closing one session: the sign-in's new token, the sign-out. */
function sessionLifecycle(ctx: AppContext) {
  const { backend } = ctx
  async function create(userId: number, ip: string | null, userAgent: string | null): Promise<string> {
    const token = newToken()
    const now = ctx.now()
    await backend.run(
      'INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, ip, user_agent) VALUES (?, ?, ?, ?, ?, ?)',
      hashToken(token),
      userId,
      now,
      now,
      ip,
      userAgent?.slice(0, 300) ?? null,
    )
    return token
  }
  return {
    create,
    /** Opens a session for the user and returns the Set-Cookie value that carries it. */
    async open(userId: number, from: { ip: string; userAgent: string }): Promise<string> {
      const token = await create(userId, from.ip, from.userAgent || null)
      return sessionCookie(ctx.config, token, Math.floor(ctx.config.sessionMaxMs / 1000))
    },
    async destroy(token: string | undefined) {
      if (token) await backend.run(REMOVE, hashToken(token))
    },
  }
}

/** A person's sessions as a list (the sessions page: see them, end one, end all others) and the daily purge. */
function sessionList(ctx: AppContext) {
  const { backend } = ctx
  const live = (r: { created_at: number; last_seen_at: number }, now: number) =>
    now - r.last_seen_at <= ctx.config.sessionIdleMs && now - r.created_at <= ctx.config.sessionMaxMs
  return {
    /** A person's live sessions, newest use first; `id` is a prefix of the token's hash (names it, reveals nothing). */
    async listFor(userId: number, currentToken: string | undefined) {
      const current = currentToken ? hashToken(currentToken) : ''
      const now = ctx.now()
      const rows = await backend.all<{
        token_hash: string
        created_at: number
        last_seen_at: number
        ip: string | null
        user_agent: string | null
      }>(
        'SELECT token_hash, created_at, last_seen_at, ip, user_agent FROM sessions WHERE user_id = ? ORDER BY ' +
          'last_seen_at DESC',
        userId,
      )
      return rows
        .filter((r) => live(r, now))
        .map((r) => ({
          id: r.token_hash.slice(0, SESSION_ID_LENGTH),
          createdAt: r.created_at,
          lastSeenAt: r.last_seen_at,
          ip: r.ip,
          userAgent: r.user_agent,
          current: r.token_hash === current,
        }))
    },
    /** Ends one of the person's sessions by its id; false when there is none (another person's id included). */
    async destroyById(userId: number, id: string): Promise<boolean> {
      if (id.length !== SESSION_ID_LENGTH || !/^[\w-]+$/.test(id)) return false
      const { changes } = await backend.run(
        'DELETE FROM sessions WHERE user_id = ? AND substr(token_hash, 1, ?) = ?',
        userId,
        SESSION_ID_LENGTH,
        id,
      )
      return changes > 0
    },
    /** "Sign out everywhere else": every session of the person but this one. */
    async destroyOthers(userId: number, currentToken: string | undefined): Promise<number> {
      const keep = currentToken ? hashToken(currentToken) : ''
      return (await backend.run('DELETE FROM sessions WHERE user_id = ? AND token_hash != ?', userId, keep)).changes
    },
    async purgeExpired() {
      const now = ctx.now()
      await backend.run(
        'DELETE FROM sessions WHERE last_seen_at < ? OR created_at < ?',
        now - ctx.config.sessionIdleMs,
        now - ctx.config.sessionMaxMs,
      )
    },
  }
}

/** The session store every route's auth goes through (auth-plugin.ts). */
export function createSessionStore(ctx: AppContext) {
  return { lookup: sessionLookup(ctx), ...sessionLifecycle(ctx), ...sessionList(ctx) }
}

export type SessionStore = ReturnType<typeof createSessionStore>
