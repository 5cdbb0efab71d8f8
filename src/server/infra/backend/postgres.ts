import { AsyncLocalStorage } from 'node:async_hooks'
import { SQL, type TransactionSQL } from 'bun'
import { drizzle } from 'drizzle-orm/bun-sql'
import * as schema from '../../db/schema'
import type { Db } from '../../db'
import type { Backend, Param } from './index'
import { badRequest } from '../../http/errors'

/**
 * PostgreSQL behind the storage seam (docs/storage.md "PostgreSQL"), on Bun's built-in client and drizzle's
 * bun-sql driver. Loaded with a dynamic import only when DATABASE_URL is set (src/server/db/index.ts).
 *
 * - One pool. Its connections start every transaction read-only (`default_transaction_read_only`), and `tx` opens
 *   its own `BEGIN READ WRITE`: a write that forgot its `tx` fails ("read-only transaction"), as on SQLite.
 * - `tx` reserves a connection for the transaction and keeps it in AsyncLocalStorage; a `tx` inside a `tx` is a
 *   savepoint. Isolation is PostgreSQL's default, READ COMMITTED: the read-then-write rules take `lock(key)` first.
 * - `lock(key)` is `pg_advisory_xact_lock` of a 64-bit hash of the key: it really serialises two transactions, on
 *   any instance, until the holder commits or rolls back.
 * - Rows come back in SQLite's shapes, so that services stay unchanged: int8 (bigint) as a number, a boolean of a
 *   raw query (`all/get`) as 1/0 (drizzle's boolean columns map to true/false on both). `?` placeholders of raw
 *   SQL are numbered (`$1`…) outside quotes.
 */

interface TxState {
  readonly client: TransactionSQL
  readonly db: Db
  /** afterCommit's callbacks (shared by the savepoints), run once the outermost transaction has committed. */
  readonly committed: (() => void)[]
}

type Row = Record<string, unknown>

/** PostgreSQL's type id of `numeric` (what SUM of integers answers): read as a number, like int8. */
const NUMERIC = 1700

type Columns = { columns?: { name: string; type: number }[] }

/** Indexes of the numeric columns of a result (Bun's result carries its columns' type ids). */
const numericColumns = (result: Columns) =>
  new Set((result.columns ?? []).flatMap((c, i) => (c.type === NUMERIC ? [i] : [])))

/** int8 (BigInt with the client's `bigint` option) and numeric become numbers: ids, times and sums fit in 2^53. */
const plain = (v: unknown, numeric: boolean) =>
  typeof v === 'bigint' ? Number(v) : numeric && typeof v === 'string' ? Number(v) : v

/**
 * PostgreSQL's text cannot hold a NUL character (SQLite's can): a value with one (a fuzzed path, a pasted name) is
 * refused as bad input, 400, before it reaches the server, which would fail the whole statement.
 */
function refuseNul(params: readonly unknown[] | undefined) {
  for (const p of params ?? [])
    if (typeof p === 'string' && p.includes('\0')) throw badRequest('The request holds a NUL character.')
}

/** The client drizzle is given: the same queries, with int8 and numeric values as numbers (also in `sql<number>`). */
function numbersClient(client: SQL): SQL {
  return {
    unsafe(text: string, params?: unknown[]) {
      refuseNul(params)
      const query = client.unsafe(text, params)
      return {
        async values() {
          const rows = (await query.values()) as unknown[][] & Columns
          const numeric = numericColumns(rows)
          return rows.map((row) => row.map((v, i) => plain(v, numeric.has(i))))
        },
        // biome-ignore lint/suspicious/noThenProperty: drizzle awaits the query object itself
        then(resolve: (rows: unknown) => unknown, reject: (err: unknown) => unknown) {
          return (query as Promise<Result>).then(withChanges).then(resolve, reject)
        },
      }
    },
  } as unknown as SQL
}

type Result = Row[] & Columns & { count: number }

/**
 * The rows of a query drizzle awaits whole (a write without RETURNING, an `execute`), with `changes` beside them
 * as bun:sqlite's run result has it: a service reading how many rows its UPDATE changed reads it on both.
 */
function withChanges(result: Result): Row[] & { changes: number } {
  return Object.assign(shaped(result, false), { changes: Number(result.count ?? 0) })
}

/** Rows in SQLite's shape: numbers for int8 and numeric, and (for raw `all/get`) 1/0 for booleans. */
function shaped(result: Result, booleansAsNumbers: boolean): Row[] {
  const numeric = new Set((result.columns ?? []).filter((c) => c.type === NUMERIC).map((c) => c.name))
  return result.map((row) => {
    const out: Row = {}
    for (const key in row) {
      const v = plain(row[key], numeric.has(key))
      out[key] = booleansAsNumbers && typeof v === 'boolean' ? (v ? 1 : 0) : v
    }
    return out
  })
}

/**
 * `?` and `?N` (SQLite's numbered form) → `$1`, `$2`… outside quoted strings, quoted identifiers and comments.
 * Exported for its test.
 */
export function numberPlaceholders(text: string, params: readonly Param[]): { text: string; values: unknown[] } {
  const values: unknown[] = []
  const slots = new Map<number, number>()
  let next = 0
  let out = ''
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === "'" || c === '"') {
      const end = closing(text, i, c)
      out += text.slice(i, end)
      i = end
    } else if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i)
      const stop = end < 0 ? text.length : end
      out += text.slice(i, stop)
      i = stop
    } else if (c === '?') {
      // `?N` names the Nth value (one value used twice); a bare `?` the next one.
      const n = /^\?(\d+)/.exec(text.slice(i))?.[1]
      const index = n ? Number(n) - 1 : next++
      let slot = slots.get(index)
      if (slot === undefined) {
        values.push(value(params[index]))
        slot = values.length
        slots.set(index, slot)
      }
      i += 1 + (n?.length ?? 0)
      // `?::json`: the bound string is the JSON text itself. Typed json, Bun's client would encode it once more
      // (a JSON string, "a scalar"); typed text first, PostgreSQL parses it.
      out += /^::jsonb?\b/.test(text.slice(i)) ? `$${slot}::text` : `$${slot}`
    } else {
      out += c
      i++
    }
  }
  return { text: out, values }
}

/** The index after the quote that closes the one at `start` ('' and "" are an escaped quote inside). */
function closing(text: string, start: number, quote: string): number {
  let i = start + 1
  while (i < text.length) {
    if (text[i] === quote) {
      if (text[i + 1] === quote) i += 2
      else return i + 1
    } else i++
  }
  return text.length
}

/** A bound value as PostgreSQL takes it: bytes as a Buffer (bytea), the rest as is. */
const value = (p: Param | undefined) => (p instanceof Uint8Array && !Buffer.isBuffer(p) ? Buffer.from(p) : (p ?? null))

/** Opens the pool. `max`: PG_POOL_SIZE. */
export function openPool(url: string, max: number): SQL {
  return new SQL({
    url,
    max,
    bigint: true,
    idleTimeout: 60,
    connection: { default_transaction_read_only: 'on', application_name: 'swisstax' },
  })
}

// long: the Backend interface as one closure over the pool; each method is a few lines
export function postgresBackend(pool: SQL): Backend {
  const readerDb = drizzle({ client: numbersClient(pool), schema }) as unknown as Db
  const store = new AsyncLocalStorage<TxState>()
  const state = (client: TransactionSQL, committed: (() => void)[]): TxState => ({
    client,
    db: drizzle({ client: numbersClient(client), schema }) as never,
    committed,
  })
  const client = () => store.getStore()?.client ?? pool

  async function tx<T>(fn: () => Promise<T> | T): Promise<T> {
    const current = store.getStore()
    if (current)
      return (await current.client.savepoint((sp) =>
        store.run(state(sp, current.committed), async () => await fn()),
      )) as T
    const committed: (() => void)[] = []
    const result = (await pool.begin('read write', (c) => store.run(state(c, committed), async () => await fn()))) as T
    for (const f of committed) store.exit(f)
    return result
  }

  async function query(text: string, params: Param[]): Promise<Row[]> {
    const q = numberPlaceholders(text, params)
    refuseNul(q.values)
    return shaped((await client().unsafe(q.text, q.values)) as Result, true)
  }

  return {
    dialect: 'postgres',
    get db() {
      return store.getStore()?.db ?? readerDb
    },
    tx,
    inTx: () => store.getStore() !== undefined,
    afterCommit(fn) {
      const current = store.getStore()
      if (current) current.committed.push(fn)
      else store.exit(fn)
    },
    async lock(key: string) {
      const current = store.getStore()
      if (!current) throw new Error(`lock(${key}) outside a transaction`)
      await current.client.unsafe('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key])
    },
    async all<T>(text: string, ...params: Param[]) {
      return (await query(text, params)) as T[]
    },
    async get<T>(text: string, ...params: Param[]) {
      return (await query(text, params))[0] as T | undefined
    },
    async run(text: string, ...params: Param[]) {
      const once = async () => {
        const q = numberPlaceholders(text, params)
        refuseNul(q.values)
        const result = await client().unsafe(q.text, q.values)
        return { changes: Number((result as { count?: number }).count ?? 0) }
      }
      return store.getStore() ? once() : tx(once)
    },
    async stats() {
      const [row] = (await pool.unsafe(
        `SELECT pg_database_size(current_database()) AS bytes, current_database() AS name,
                current_setting('server_version') AS version`,
      )) as { bytes: bigint; name: string; version: string }[]
      // The system card names the database and the server's version. PostgreSQL checks its pages as it reads
      // them and has no integrity check of SQLite's kind built in: null, as when none was asked for.
      return {
        bytes: Number(row!.bytes),
        name: `${row!.name} (PostgreSQL ${row!.version})`,
        integrity: null,
        version: row!.version,
      }
    },
    async backupTo() {
      throw new Error(
        'Refusing to back up: swisstax backup copies an SQLite data folder. On PostgreSQL back up the database ' +
          'with pg_dump (e.g. pg_dump -Fc "$DATABASE_URL" > swisstax.dump) or your provider’s snapshots, and keep ' +
          'the documents with the object store’s bucket versioning (README: "PostgreSQL").',
      )
    },
    async eraseDeletedTraces() {
      // Dead rows are removed from the tables and their indexes by VACUUM (not FULL: it blocks nobody). The freed
      // bytes stay in the files and the WAL until overwritten: PostgreSQL has no secure_delete (docs/storage.md).
      for (const table of ERASED_TABLES) await pool.unsafe(`VACUUM ${table}`)
      return { walTruncated: false }
    },
    close() {
      void pool.close()
    },
  }
}

/** The tables that hold a person's rows, vacuumed after an account or a file is removed. */
const ERASED_TABLES = [
  'users',
  'profiles',
  'files',
  'file_versions',
  'recognitions',
  'messages',
  'declarations',
  'sessions',
  'login_codes',
  'notifications',
  'mail_outbox',
  'advanced_spouse',
  'advanced_children',
  'advanced_authorization',
]
