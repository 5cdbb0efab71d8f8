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

/**
 * A FIFO lock for the writing connection within this process: bun:sqlite is synchronous, a transaction
 * spans awaits, and another request's write in between would otherwise land in it.
 */
function writeGate() {
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

/**
 * SQLite in the data folder: two connections to one WAL file. The writing one runs every transaction,
 * one at a time in this process (the gate) and across processes (BEGIN IMMEDIATE waits up to the busy
 * timeout for another process's). The reading one answers everything outside a transaction from the last
 * commit, never blocked by a writer; it is `query_only`, so a write outside `tx` fails loudly.
 */
// long: split after the storage work
export function sqliteBackend(path: string, writer: Database): Backend {
  const reader = openConnection(path)
  reader.exec('PRAGMA query_only = ON')
  // Waits for another process's write lock happen in beginImmediate, without blocking the thread.
  writer.exec('PRAGMA busy_timeout = 0')
  const writerDb: Db = drizzle(writer, { schema })
  const readerDb: Db = drizzle(reader, { schema })
  const store = new AsyncLocalStorage<TxState>()
  const gate = writeGate()

  const connection = () => (store.getStore() ? writer : reader)
  const bind = (params: Param[]) => params as SQLQueryBindings[]

  /**
   * Takes the database's write lock. Another process holding it makes BEGIN IMMEDIATE fail at once (the writing
   * connection has no busy timeout): this waits for it here, asynchronously, so that this process goes on
   * answering reads meanwhile instead of blocking its thread in SQLite's busy handler.
   */
  async function beginImmediate() {
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

  async function tx<T>(fn: () => Promise<T> | T): Promise<T> {
    const current = store.getStore()
    if (current) {
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
    await gate.acquire()
    try {
      await beginImmediate()
      let result: T
      const state: TxState = { db: writerDb, savepoints: 0, committed: [] }
      try {
        result = await store.run(state, async () => await fn())
      } catch (err) {
        writer.exec('ROLLBACK')
        throw err
      }
      writer.exec('COMMIT')
      for (const f of state.committed) store.exit(f)
      return result
    } finally {
      gate.release()
    }
  }

  return {
    dialect: 'sqlite',
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
    dataVersion: () => reader.query<{ data_version: number }, []>('PRAGMA data_version').get()?.data_version ?? -1,
    async lock(key: string) {
      if (!store.getStore()) throw new Error(`lock(${key}) outside a transaction`)
    },
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
      const once = () => ({ changes: writer.query(text).run(...bind(params)).changes })
      return store.getStore() ? once() : tx(async () => once())
    },
    async stats(opts = {}) {
      const integrity = opts.integrity
        ? reader
            .query<{ integrity_check: string }, []>('PRAGMA integrity_check')
            .all()
            .map((r) => r.integrity_check)
        : null
      let bytes = 0
      for (const suffix of ['', '-wal']) {
        try {
          bytes += statSync(path + suffix).size
        } catch {}
      }
      return { bytes, name: basename(path), integrity }
    },
    async backupTo(file: string) {
      // From the reading connection: a snapshot that blocks no writer. VACUUM INTO writes only the copy, but
      // query_only refuses it, so it is lifted for this one synchronous statement (nothing else runs meanwhile).
      reader.exec('PRAGMA query_only = OFF')
      try {
        reader.query('VACUUM INTO ?').run(file)
      } finally {
        reader.exec('PRAGMA query_only = ON')
      }
      const copy = new Database(file, { readonly: true })
      try {
        return copy.query<{ integrity_check: string }, []>('PRAGMA integrity_check').get()?.integrity_check ?? '?'
      } finally {
        copy.close()
      }
    },
    async eraseDeletedTraces() {
      // The WAL, which still holds the pages as they were before, is checkpointed and truncated (outside any
      // transaction: under the gate). A reader holding an old snapshot can delay the truncation; the next
      // checkpoint overwrites it.
      await gate.acquire()
      try {
        const r = writer.query<{ busy: number }, []>('PRAGMA wal_checkpoint(TRUNCATE)').get()
        return { walTruncated: r?.busy === 0 }
      } finally {
        gate.release()
      }
    },
    close() {
      reader.close()
      writer.close()
    },
    sqlite: {
      reader,
      async exclusive<T>(fn: (db: Database) => Promise<T>) {
        await gate.acquire()
        try {
          return await fn(writer)
        } finally {
          gate.release()
        }
      },
    },
  }
}
