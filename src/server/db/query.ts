// Dialect-neutral ways to take one row from a drizzle query. drizzle's `.get()`, `.all()`, `.run()` and
// `.values()` exist on the SQLite drivers only; services await the builder itself (every dialect's builder
// is a promise of its rows) and take the first row here. The architecture test rejects the SQLite-only calls
// (src/architecture/rules.ts, "portable").

/** The first row of a select (`.limit(1)` added), or undefined. */
export async function first<T>(query: { limit(n: number): PromiseLike<T[]> }): Promise<T | undefined> {
  return (await query.limit(1))[0]
}

/** The first row a query returns (an insert, update or delete `… .returning()`), or undefined. */
export async function one<T>(query: PromiseLike<T[]>): Promise<T | undefined> {
  return (await query)[0]
}

/**
 * A claim's select (a job, due mails) locks the rows it returns and passes over rows another transaction holds:
 * `FOR UPDATE SKIP LOCKED` on PostgreSQL, where two claimers run at once and would otherwise both read the same
 * free row. On SQLite every write transaction already excludes the others, and the clause does not exist.
 */
export function skipLocked<Q>(dialect: 'sqlite' | 'postgres', query: Q): Q {
  if (dialect === 'sqlite') return query
  return (query as unknown as { for(strength: 'update', opts: { skipLocked: true }): Q }).for('update', {
    skipLocked: true,
  })
}
