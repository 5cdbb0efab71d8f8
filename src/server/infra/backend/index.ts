import type { Database } from 'bun:sqlite'
import type { Db } from '../../db'

/** The databases a backend speaks. */
export type Dialect = 'sqlite' | 'postgres'

/** A value bound to a `?` of a raw statement (positional only: no named parameters). */
export type Param = string | number | bigint | boolean | null | Uint8Array

/**
 * The storage seam: the one object between the services and the database. Every service reads and writes
 * through `ctx.db` (drizzle) or the raw calls here, and every write runs inside `tx`. The SQLite backend
 * (`sqlite.ts`) is the default; PostgreSQL (`postgres.ts`, DATABASE_URL) is the second.
 *
 * Both answer in SQLite's shapes, so that one query code base serves both: `ctx.db` is typed as the SQLite
 * database and its tables (src/server/db/schema picks the PostgreSQL tree at run time); a raw `all/get` row has
 * numbers for integers (PostgreSQL's int8 included) and 1/0 for booleans; a write awaited without RETURNING
 * carries `changes`. Raw SQL uses `?` placeholders (or `$name` with one object); PostgreSQL numbers them.
 *
 * - `db` is the current transaction's database inside `tx`, else the shared reading one. Outside a
 *   transaction it only reads: SQLite opens that connection `query_only`, so a write that forgot its `tx`
 *   fails in the tests instead of racing another process.
 * - `tx(fn)` runs `fn` as one transaction: every service it calls sees that transaction through `ctx.db`
 *   (AsyncLocalStorage), whatever `ctx` it was handed. A `tx` inside a `tx` is a savepoint of the outer one.
 * - `lock(key)` holds a named lock until the transaction ends (per user, per user and year, per e-mail,
 *   per address): the read-then-write rules (quota, versions, status moves, throttles) take one before they
 *   read. On SQLite every write transaction already excludes every other (BEGIN IMMEDIATE across processes,
 *   the write gate within one), so it only checks that it is called inside a transaction; PostgreSQL takes
 *   `pg_advisory_xact_lock`.
 * - Outside `tx` nothing writes: SQLite's reading connection is `query_only`, PostgreSQL's pool starts every
 *   transaction read-only (`tx` begins READ WRITE). `run` outside `tx` is a transaction of its own on both.
 */
export interface Backend {
  /**
   * Which database answers. Services write SQL both understand (docs/storage.md, "Portable SQL"); the few
   * pieces that differ are chosen on this in one small place per area (e.g. `recognition/summary.ts`).
   */
  readonly dialect: Dialect
  readonly db: Db
  tx<T>(fn: () => Promise<T> | T): Promise<T>
  /**
   * A number that changes with every commit of any connection or process (SQLite: `PRAGMA data_version` on
   * the reading connection), for answers kept until the database changes (http/read-cache.ts); absent where
   * the database cannot tell cheaply, and then nothing is kept.
   */
  dataVersion?(): number
  /** Whether the caller runs inside `tx`. */
  inTx(): boolean
  /**
   * Runs `fn` once the current transaction has committed (at once outside one), outside any transaction's context;
   * never when it rolls back. For work that must see the commit: waking the mail sender or the recognition runner
   * after a request queued something (on PostgreSQL another connection sees a row only once it is committed).
   */
  afterCommit(fn: () => void): void
  lock(key: string): Promise<void>
  /**
   * Raw SQL for the hot paths (statements compiled once and kept): rows, first row, changes. Placeholders are
   * `?` only (no `?1`, `$name`): the PostgreSQL backend numbers them. Rows are plain objects keyed by the
   * column names or aliases as written (quote a camelCase alias: PostgreSQL folds unquoted names to lower case).
   * Every backend returns the same shapes: integers, COUNT and SUM as JS numbers (never bigint or string),
   * NULL as null, text as string, blobs as Uint8Array. Booleans are 0/1 on SQLite and may be true/false
   * elsewhere: read a flag with `Boolean(row.flag)`, never `row.flag === 1`; compare it in SQL with TRUE/FALSE
   * or a bound boolean, never with 1/0.
   */
  all<T>(text: string, ...params: Param[]): Promise<T[]>
  get<T>(text: string, ...params: Param[]): Promise<T | undefined>
  /** A write: inside `tx` it joins the transaction, outside it is a transaction of its own. */
  run(text: string, ...params: Param[]): Promise<{ changes: number }>
  /**
   * For the system card: the database's size in bytes and a name for it (SQLite: the file, PostgreSQL: the
   * database), and with `integrity` its integrity check's lines (["ok"] when sound; it reads everything;
   * PostgreSQL has no such check built in and answers null), and on PostgreSQL the server's version.
   */
  stats(opts?: {
    integrity?: boolean
  }): Promise<{ bytes: number; name: string; integrity: string[] | null; version?: string }>
  /**
   * A consistent copy of the live database into `file` (SQLite: VACUUM INTO); the copy's integrity check.
   * PostgreSQL refuses, naming pg_dump and bucket versioning.
   */
  backupTo(file: string): Promise<string>
  /** After removing a person's rows: no readable trace of them left in the database's files. */
  eraseDeletedTraces(): Promise<{ walTruncated: boolean }>
  close(): void
  /**
   * SQLite only: the connections themselves, for the FTS5 street index (address/street-index-sqlite.ts; on
   * PostgreSQL street-index-postgres.ts goes through the raw calls). `exclusive` runs `fn` on the writing
   * connection under the write gate.
   */
  readonly sqlite?: {
    readonly reader: Database
    exclusive<T>(fn: (writer: Database) => Promise<T>): Promise<T>
  }
}
