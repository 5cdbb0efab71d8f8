// What the people index of each database implements (search.ts chooses one), and the SQL both share.
import type { AppContext } from '../context'
import type { Param } from '../infra/backend'

/** A piece of WHERE with its `?` parameters, in order. */
export interface SqlCondition {
  sql: string
  params: Param[]
}

/** One database's index of people. */
export interface UserSearchIndex {
  /** True when `q` (at least MIN_INDEXED_SEARCH characters) is a substring of `alias`'s haystack, any case. */
  condition(q: string, alias: string): SqlCondition
  /** After an account was deleted: nothing of the person left readable in the index's own storage. */
  afterErase(ctx: AppContext): Promise<void>
}

/** The string a person is found by: the e-mail and both name orders ("Anna Muster", "Muster Anna"). */
export const haystackOf = (alias: string) =>
  `${alias}.email || ' ' || COALESCE(${alias}.first_name, '') || ' ' || COALESCE(${alias}.last_name, '') || ' ' ` +
  `|| COALESCE(${alias}.first_name, '')`

/** LIKE pattern for a search text: its own % and _ are taken literally (escaped with a backslash). */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
