import { AsyncLocalStorage } from 'node:async_hooks'
import { Database, type SQLQueryBindings } from 'bun:sqlite'
import { drizzle } from 'drizzle-orm/bun-sqlite'
import { statSync } from 'node:fs'
import { basename } from 'node:path'
import * as schema from '../../db/schema'
import type { Db } from '../../db'
import type { Backend, Param } from './index'

/** How long a write waits for another process's transaction before it fails ("database is locked"). */
const BUSY_TIMEOUT_MS = 5000

interface TxState {
  readonly db: Db
  savepoints: number
  /** afterCommit's callbacks, run once the outermost transaction has committed. */
  readonly committed: (() => void)[]
}

/** Opens one connection with the pragmas every connection of swisstax has. */
export function openConnection(path: string): Database {
  const sqlite = new Database(path, { create: true, strict: true })
  // First: another process may be creating the file or switching it to WAL at this moment.
  sqlite.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`)
  sqlite.exec('PRAGMA journal_mode = WAL')
  // A tax document's row must survive a power cut.
  sqlite.exec('PRAGMA synchronous = FULL')
  sqlite.exec('PRAGMA foreign_keys = ON')
  // Deleted rows are overwritten with zeros, not left readable in free pages (a deleted account).
  sqlite.exec('PRAGMA secure_delete = ON')
  return sqlite
}

interface WriteGate {
  acquire(): Promise<void>
  release(): void
}

/**
 * A FIFO lock for the writing connection within this process: bun:sqlite is synchronous, a transaction
 * spans awaits, and another request's write in between would otherwise land in it.
 */
function writeGate(): WriteGate {
  let held = false
  const waiting: (() => void)[] = []
  return {
    async acquire(): Promise<void> {
      if (!held) {
        held = true
        return
      }
      await new Promise<void>((resolve) => waiting.push(resolve))
    },
    release() {
      const next = waiting.shift()
      if (next) next()
      else held = false
    },
  }
}

/** The two connections of one data folder's database and what this process keeps about its transactions. */
interface Connections {
  readonly path: string
  readonly reader: Database
  readonly writer: Database
  readonly readerDb: Db
  readonly writerDb: Db
  /** The current transaction of the running async context, if any. */
  readonly store: AsyncLocalStorage<TxState>
  readonly gate: WriteGate
}

/**
 * Takes the database's write lock. Another process holding it makes BEGIN IMMEDIATE fail at once (the writing
 * connection has no busy timeout): this waits for it here, asynchronously, so that this process goes on
 * answering reads meanwhile instead of blocking its thread in SQLite's busy handler.
 */
async function beginImmediate(writer: Database) {
  const until = Date.now() + BUSY_TIMEOUT_MS
  for (let wait = 1; ; wait = Math.min(wait * 2, 25)) {
    try {
      writer.exec('BEGIN IMMEDIATE')
      return
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > until) throw err
    }
    await Bun.sleep(wait)
  }
}

/** A `tx` inside a `tx`: a savepoint of the outer transaction, rolled back alone when `fn` throws. */
async function savepoint<T>(writer: Database, current: TxState, fn: () => Promise<T> | T): Promise<T> {
  const name = `sp${++current.savepoints}`
  writer.exec(`SAVEPOINT ${name}`)
  try {
    const result = await fn()
    writer.exec(`RELEASE ${name}`)
    return result
  } catch (err) {
    writer.exec(`ROLLBACK TO ${name}`)
    writer.exec(`RELEASE ${name}`)
    throw err
  }
}

/** The outermost `tx`: under the gate, BEGIN IMMEDIATE … COMMIT, then its afterCommit callbacks outside it. */
async function transaction<T>(c: Connections, fn: () => Promise<T> | T): Promise<T> {
  await c.gate.acquire()
  try {
    await beginImmediate(c.writer)
    let result: T
    const state: TxState = { db: c.writerDb, savepoints: 0, committed: [] }
    try {
      result = await c.store.run(state, async () => await fn())
    } catch (err) {
      c.writer.exec('ROLLBACK')
      throw err
    }
    c.writer.exec('COMMIT')
    for (const f of state.committed) c.store.exit(f)
    return result
  } finally {
    c.gate.release()
  }
}

/** `tx`, `inTx`, `afterCommit` and `lock`: the transactions of the writing connection. */
function transactions(c: Connections) {
  const tx = <T>(fn: () => Promise<T> | T): Promise<T> => {
    const current = c.store.getStore()
    return current ? savepoint(c.writer, current, fn) : transaction(c, fn)
  }
  return {
    tx,
    inTx: () => c.store.getStore() !== undefined,
    afterCommit(fn: () => void) {
      const current = c.store.getStore()
      if (current) current.committed.push(fn)
      else c.store.exit(fn)
    },
    async lock(key: string) {
      if (!c.store.getStore()) throw new Error(`lock(${key}) outside a transaction`)
    },
  }
}

/**
 * The raw calls: reads go to the writing connection inside a transaction (to see its own writes), else to the
 * reading one; a write outside `tx` is a transaction of its own.
 */
function rawStatements(c: Connections, tx: Backend['tx']) {
  const connection = () => (c.store.getStore() ? c.writer : c.reader)
  const bind = (params: Param[]) => params as SQLQueryBindings[]
  return {
    async all<T>(text: string, ...params: Param[]) {
      return connection()
        .query<T, SQLQueryBindings[]>(text)
        .all(...bind(params))
    },
    async get<T>(text: string, ...params: Param[]) {
      return (
        connection()
          .query<T, SQLQueryBindings[]>(text)
          .get(...bind(params)) ?? undefined
      )
    },
    async run(text: string, ...params: Param[]) {
      const once = () => ({ changes: c.writer.query(text).run(...bind(params)).changes })
      return c.store.getStore() ? once() : tx(async () => once())
    },
  }
}

/** The file's size (with its WAL) and, when asked, its integrity check, read on the reading connection. */
async function stats(c: Connections, opts: { integrity?: boolean } = {}) {
  const integrity = opts.integrity
    ? c.reader
        .query<{ integrity_check: string }, []>('PRAGMA integrity_check')
        .all()
        .map((r) => r.integrity_check)
    : null
  let bytes = 0
  for (const suffix of ['', '-wal']) {
    try {
      bytes += statSync(c.path + suffix).size
    } catch {}
  }
  return { bytes, name: basename(c.path), integrity }
}

/** VACUUM INTO `file`, then the copy's integrity check. */
async function backupTo(c: Connections, file: string) {
  // From the reading connection: a snapshot that blocks no writer. VACUUM INTO writes only the copy, but
  // query_only refuses it, so it is lifted for this one synchronous statement (nothing else runs meanwhile).
  c.reader.exec('PRAGMA query_only = OFF')
  try {
    c.reader.query('VACUUM INTO ?').run(file)
  } finally {
    c.reader.exec('PRAGMA query_only = ON')
  }
  const copy = new Database(file, { readonly: true })
  try {
    return copy.query<{ integrity_check: string }, []>('PRAGMA integrity_check').get()?.integrity_check ?? '?'
  } finally {
    copy.close()
  }
}

/** Runs `fn` on the writing connection under the write gate, outside any transaction. */
async function exclusive<T>(c: Connections, fn: (writer: Database) => Promise<T>): Promise<T> {
  await c.gate.acquire()
  try {
    return await fn(c.writer)
  } finally {
    c.gate.release()
  }
}

/** After a person's rows are deleted: the WAL, which still holds their pages as they were, checkpointed and cut. */
function eraseDeletedTraces(c: Connections) {
  // Outside any transaction, under the gate. A reader holding an old snapshot can delay the truncation; the next
  // checkpoint overwrites it.
  return exclusive(c, async (writer) => {
    const r = writer.query<{ busy: number }, []>('PRAGMA wal_checkpoint(TRUNCATE)').get()
    return { walTruncated: r?.busy === 0 }
  })
}

/**
 * SQLite in the data folder: two connections to one WAL file. The writing one runs every transaction,
 * one at a time in this process (the gate) and across processes (BEGIN IMMEDIATE waits up to the busy
 * timeout for another process's). The reading one answers everything outside a transaction from the last
 * commit, never blocked by a writer; it is `query_only`, so a write outside `tx` fails loudly.
 */
export function sqliteBackend(path: string, writer: Database): Backend {
  const reader = openConnection(path)
  reader.exec('PRAGMA query_only = ON')
  // Waits for another process's write lock happen in beginImmediate, without blocking the thread.
  writer.exec('PRAGMA busy_timeout = 0')
  const c: Connections = {
    path,
    reader,
    writer,
    readerDb: drizzle(reader, { schema }),
    writerDb: drizzle(writer, { schema }),
    store: new AsyncLocalStorage<TxState>(),
    gate: writeGate(),
  }
  const txs = transactions(c)
  return {
    dialect: 'sqlite',
    get db() {
      return c.store.getStore()?.db ?? c.readerDb
    },
    ...txs,
    ...rawStatements(c, txs.tx),
    dataVersion: () => reader.query<{ data_version: number }, []>('PRAGMA data_version').get()?.data_version ?? -1,
    stats: (opts) => stats(c, opts),
    backupTo: (file) => backupTo(c, file),
    eraseDeletedTraces: () => eraseDeletedTraces(c),
    close() {
      reader.close()
      writer.close()
    },
    sqlite: { reader, exclusive: (fn) => exclusive(c, fn) },
  }
}
