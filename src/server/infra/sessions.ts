import type { AppContext } from '../context'
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

/**
 * The hot path of every authenticated call: cookie token → session → user. Raw SQL through the storage
 * seam's statement cache: drizzle's builder costs 2–3× here (issue 2 benchmark).
 */
// long: split after the storage work
export function createSessionStore(ctx: AppContext) {
  const { backend } = ctx
  interface Found {
    user_id: number
    created_at: number
    last_seen_at: number
    email: string
    role: 'user' | 'admin'
    language: string
  }
  const FIND =
    'SELECT s.user_id, s.created_at, s.last_seen_at, u.email, u.role, u.language FROM sessions s JOIN users u ON ' +
    'u.id = s.user_id WHERE s.token_hash = ? LIMIT 1'
  const REMOVE = 'DELETE FROM sessions WHERE token_hash = ?'

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
    /** The signed-in user of this token, or null when it is unknown or expired. */
    async lookup(token: string | undefined): Promise<SessionUser | null> {
      if (!token || token.length > 100) return null
      const hash = hashToken(token)
      const row = await backend.get<Found>(FIND, hash)
      if (!row) return null
      const now = ctx.now()
      if (now - row.last_seen_at > ctx.config.sessionIdleMs || now - row.created_at > ctx.config.sessionMaxMs) {
        await backend.run(REMOVE, hash)
        return null
      }
      if (now - row.last_seen_at > TOUCH_INTERVAL_MS)
        await backend.run('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?', now, hash)
      return { id: row.user_id, email: row.email, role: row.role, language: row.language }
    },
    create,
    /** Opens a session for the user and returns the Set-Cookie value that carries it. */
    async open(userId: number, from: { ip: string; userAgent: string }): Promise<string> {
      const token = await create(userId, from.ip, from.userAgent || null)
      return sessionCookie(ctx.config, token, Math.floor(ctx.config.sessionMaxMs / 1000))
    },
    async destroy(token: string | undefined) {
      if (token) await backend.run(REMOVE, hashToken(token))
    },
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
        .filter(
          (r) => now - r.last_seen_at <= ctx.config.sessionIdleMs && now - r.created_at <= ctx.config.sessionMaxMs,
        )
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

export type SessionStore = Awaited<ReturnType<typeof createSessionStore>>
