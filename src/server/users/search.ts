/**
 * Finding people by a piece of their e-mail or name (the experts' client list). The users area keeps an index
 * over one string per person, "e-mail first last first" (`haystack`), and answers here with a condition other
 * areas' read-only views put in their WHERE; they never name the index themselves. Which index depends on the
 * database: SQLite's FTS5 trigram table (search-sqlite.ts), PostgreSQL's pg_trgm (search-postgres.ts).
 */
import type { AppContext } from '../context'
import type { Dialect } from '../infra/backend'
import { haystackOf, likePattern, type SqlCondition, type UserSearchIndex } from './search-index'
import { sqliteUserSearch } from './search-sqlite'

export type { SqlCondition } from './search-index'

const INDEXES: Record<Dialect, UserSearchIndex> = {
  sqlite: sqliteUserSearch,
  // Loaded when first asked for, so that a server on SQLite never evaluates PostgreSQL code (start.test.ts).
  get postgres() {
    return (require('./search-postgres') as typeof import('./search-postgres')).postgresUserSearch
  },
}

/** The index of the database `ctx` runs on. */
export const userSearchIndex = (ctx: AppContext): UserSearchIndex => INDEXES[ctx.backend.dialect]

/** The indexes find substrings of at least three characters (trigrams). */
export const MIN_INDEXED_SEARCH = 3

/**
 * A condition on the users row `alias` that is true when `q` (trimmed, non-empty) is a substring of the e-mail
 * or of the name in either order, case-insensitive (MÜLLER finds Müller where the index folds beyond ASCII).
 * From three characters on it is answered by the database's index; one or two characters, which would match
 * most people anyway, by a scan with LIKE (lower() on both sides: PostgreSQL's LIKE minds case).
 */
export function userSearchCondition(ctx: AppContext, q: string, alias = 'u'): SqlCondition {
  if ([...q].length >= MIN_INDEXED_SEARCH) return userSearchIndex(ctx).condition(q, alias)
  return { sql: `lower(${haystackOf(alias)}) LIKE lower(?) ESCAPE '\\'`, params: [likePattern(q)] }
}
