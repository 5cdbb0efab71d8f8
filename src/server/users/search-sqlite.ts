/**
 * The people index on SQLite: `users_search` (migration 0009_users_search), an FTS5 table with the trigram
 * tokenizer (case_sensitive 0 folds case beyond ASCII) over each person's haystack, its rowid the user's id,
 * kept in step with `users` by triggers.
 */
import type { UserSearchIndex } from './search-index'

export const sqliteUserSearch: UserSearchIndex = {
  // One FTS5 phrase: the whole text as a substring (a quoted phrase takes every character literally).
  condition: (q, alias) => ({
    sql: `${alias}.id IN (SELECT rowid FROM users_search WHERE users_search MATCH ?)`,
    params: [`"${q.replace(/"/g, '""')}"`],
  }),
  // The index is merged so that its old segments with the name's trigrams go (FTS5's own command).
  async afterErase(ctx) {
    await ctx.backend.run(`INSERT INTO users_search(users_search) VALUES ('optimize')`)
  },
}
