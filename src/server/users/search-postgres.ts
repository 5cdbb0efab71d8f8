/**
 * The people index on PostgreSQL: pg_trgm. The schema holds a GIN index on the same expression,
 * `CREATE INDEX users_search_trgm ON users USING gin (lower(<haystackOf('users')>) gin_trgm_ops)`, which
 * answers LIKE '%…%' on it; no table of its own, so nothing to keep in step. lower() folds case beyond ASCII
 * in a database whose collation knows the letters (not "C").
 */
import { haystackOf, likePattern, type UserSearchIndex } from './search-index'

export const postgresUserSearch: UserSearchIndex = {
  condition: (q, alias) => ({ sql: `lower(${haystackOf(alias)}) LIKE lower(?) ESCAPE '\\'`, params: [likePattern(q)] }),
  // The rows are gone with the account; VACUUM (autovacuum) reclaims the index entries.
  async afterErase() {},
}
