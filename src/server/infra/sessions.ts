import type { Database } from 'bun:sqlite'
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
 * The hot path of every authenticated call: cookie token → session → user.
 * Raw prepared bun:sqlite statements: drizzle's builder costs 2–3× here (issue 2 benchmark).
 */
export function createSessionStore(ctx: AppContext) {
  const sqlite: Database = ctx.sqlite
  const find = sqlite.prepare<
    {
      user_id: number
      created_at: number
      last_seen_at: number
      email: string
      role: 'user' | 'admin'
      language: string
    },
    [string]
  >(
    'SELECT s.user_id, s.created_at, s.last_seen_at, u.email, u.role, u.language FROM sessions s JOIN users u ON ' +
      'u.id = s.user_id WHERE s.token_hash = ? LIMIT 1',
  )
  const touch = sqlite.prepare<unknown, [number, string]>('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?')
  const remove = sqlite.prepare<unknown, [string]>('DELETE FROM sessions WHERE token_hash = ?')
  const insert = sqlite.prepare<unknown, [string, number, number, number, string | null, string | null]>(
    'INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, ip, user_agent) VALUES (?, ?, ?, ?, ?, ?)',
  )
  const purge = sqlite.prepare<unknown, [number, number]>(
    'DELETE FROM sessions WHERE last_seen_at < ? OR created_at < ?',
  )

  function create(userId: number, ip: string | null, userAgent: string | null): string {
    const token = newToken()
    const now = ctx.now()
    insert.run(hashToken(token), userId, now, now, ip, userAgent?.slice(0, 300) ?? null)
    return token
  }

  return {
    /** The signed-in user of this token, or null when it is unknown or expired. */
    lookup(token: string | undefined): SessionUser | null {
      if (!token || token.length > 100) return null
      const hash = hashToken(token)
      const row = find.get(hash)
      if (!row) return null
      const now = ctx.now()
      if (now - row.last_seen_at > ctx.config.sessionIdleMs || now - row.created_at > ctx.config.sessionMaxMs) {
        remove.run(hash)
        return null
      }
      if (now - row.last_seen_at > TOUCH_INTERVAL_MS) touch.run(now, hash)
      return { id: row.user_id, email: row.email, role: row.role, language: row.language }
    },
    create,
    /** Opens a session for the user and returns the Set-Cookie value that carries it. */
    open(userId: number, from: { ip: string; userAgent: string }): string {
      const token = create(userId, from.ip, from.userAgent || null)
      return sessionCookie(ctx.config, token, Math.floor(ctx.config.sessionMaxMs / 1000))
    },
    destroy(token: string | undefined) {
      if (token) remove.run(hashToken(token))
    },
    /** A person's live sessions, newest use first; `id` is a prefix of the token's hash (names it, reveals nothing). */
    listFor(userId: number, currentToken: string | undefined) {
      const current = currentToken ? hashToken(currentToken) : ''
      const now = ctx.now()
      return sqlite
        .query<
          {
            token_hash: string
            created_at: number
            last_seen_at: number
            ip: string | null
            user_agent: string | null
          },
          [number]
        >(
          'SELECT token_hash, created_at, last_seen_at, ip, user_agent FROM sessions WHERE user_id = ? ORDER BY ' +
            'last_seen_at DESC',
        )
        .all(userId)
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
    destroyById(userId: number, id: string): boolean {
      if (id.length !== SESSION_ID_LENGTH || !/^[\w-]+$/.test(id)) return false
      return (
        sqlite
          .query('DELETE FROM sessions WHERE user_id = ? AND substr(token_hash, 1, ?) = ?')
          .run(userId, SESSION_ID_LENGTH, id).changes > 0
      )
    },
    /** "Sign out everywhere else": every session of the person but this one. */
    destroyOthers(userId: number, currentToken: string | undefined): number {
      const keep = currentToken ? hashToken(currentToken) : ''
      return sqlite.query('DELETE FROM sessions WHERE user_id = ? AND token_hash != ?').run(userId, keep).changes
    },
    purgeExpired() {
      const now = ctx.now()
      purge.run(now - ctx.config.sessionIdleMs, now - ctx.config.sessionMaxMs)
    },
  }
}

export type SessionStore = ReturnType<typeof createSessionStore>
