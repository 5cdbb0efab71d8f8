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
