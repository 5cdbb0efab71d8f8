/**
 * Finding people by a piece of their e-mail or name (the experts' client list). The users
 * area keeps `users_search` (migration 0009_users_search: an FTS5 trigram index over
 * "e-mail first last first", kept in step with `users` by triggers), and answers here
 * with a condition other areas' read-only views put in their WHERE; they never name
 * the index themselves.
 */

/** The trigram index finds substrings of at least three characters. */
export const MIN_INDEXED_SEARCH = 3

/** LIKE pattern for a search text: its own % and _ are taken literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * A condition on the users row `alias` that is true when `q` (trimmed, non-empty) is a
 * substring of the e-mail or of the name in either order, case-insensitive (MÜLLER finds
 * Müller). From three characters on it is answered by the trigram index; one or two
 * characters, which would match most people anyway, by a scan with LIKE.
 */
export function userSearchCondition(q: string, alias = 'u'): { sql: string; params: Record<string, string> } {
  if ([...q].length >= MIN_INDEXED_SEARCH) {
    // One FTS5 phrase: the whole text as a substring (a quoted phrase takes every character literally).
    return {
      sql: `${alias}.id IN (SELECT rowid FROM users_search WHERE users_search MATCH $q)`,
      params: { $q: `"${q.replace(/"/g, '""')}"` },
    }
  }
  return {
    sql: `(${alias}.email || ' ' || COALESCE(${alias}.first_name, '') || ' ' || COALESCE(${alias}.last_name, '') || ' '
      || COALESCE(${alias}.first_name, '')) LIKE $q ESCAPE '\\'`,
    params: { $q: likePattern(q) },
  }
}
