import { Database } from 'bun:sqlite'
import { drizzle, type BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite'
import * as schema from './schema'
import { MIGRATIONS } from './migrations.gen'
import { APP_VERSION } from '../../shared/version'

export type Db = BunSQLiteDatabase<typeof schema>
export { schema }

/**
 * After deleting a person's rows: leaves no readable copy of them in the database file or its WAL. secure_delete
 * (set at open) zeroes the deleted cells; the FTS5 search index is merged so that its old segments with the name's
 * trigrams go; the WAL, which still holds the pages as they were before, is checkpointed and truncated.
 * A reader holding an old snapshot can delay the truncation; the next checkpoint then overwrites the WAL.
 */
export function eraseDeletedTraces(sqlite: Database): { walTruncated: boolean } {
  sqlite.exec(`INSERT INTO users_search(users_search) VALUES ('optimize')`)
  const r = sqlite.query<{ busy: number }, []>('PRAGMA wal_checkpoint(TRUNCATE)').get()
  return { walTruncated: r?.busy === 0 }
}

/**
 * Opens the database with the pragmas of DESIGN.md §1 and applies the embedded
 * migrations. synchronous=FULL: a tax document's row must survive a power cut.
 */
export function openDatabase(path: string): { sqlite: Database; db: Db; applied: string[] } {
  const sqlite = new Database(path, { create: true, strict: true })
  sqlite.exec('PRAGMA journal_mode = WAL')
  sqlite.exec('PRAGMA synchronous = FULL')
  sqlite.exec('PRAGMA foreign_keys = ON')
  sqlite.exec('PRAGMA busy_timeout = 5000')
  // Deleted rows are overwritten with zeros, not left readable in free pages (a deleted account, issue 21).
  sqlite.exec('PRAGMA secure_delete = ON')
  let applied: string[]
  try {
    applied = migrate(sqlite)
  } catch (err) {
    sqlite.close()
    throw err
  }
  return { sqlite, db: drizzle(sqlite, { schema }), applied }
}

/**
 * The database was migrated by a newer swisstax: this binary does not know its tables, and writing
 * to them could lose what the newer one stored. Refused before anything is written.
 */
export class NewerSchemaError extends Error {
  constructor(unknown: string[]) {
    super(
      `Refusing to start: this data folder was upgraded by a newer swisstax (migration ${unknown.join(', ')} ` +
        `is unknown to version ${APP_VERSION}). Run the newer version, or restore the backup made before ` +
        'the upgrade (README: "Upgrades").',
    )
  }
}

/** Applies the embedded migrations not yet recorded in __migrations (idempotent). */
export function migrate(sqlite: Database): string[] {
  const applied: string[] = []
  sqlite.exec('CREATE TABLE IF NOT EXISTS __migrations (tag TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)')
  const done = new Set(
    sqlite
      .query<{ tag: string }, []>('SELECT tag FROM __migrations')
      .all()
      .map((r) => r.tag),
  )
  const known = new Set(MIGRATIONS.map((m) => m.tag))
  const unknown = [...done].filter((tag) => !known.has(tag))
  if (unknown.length) throw new NewerSchemaError(unknown)
  for (const m of MIGRATIONS) {
    if (done.has(m.tag)) continue
    sqlite.transaction(() => {
      for (const stmt of m.sql.split('--> statement-breakpoint')) if (stmt.trim()) sqlite.exec(stmt)
      sqlite.query('INSERT INTO __migrations (tag, applied_at) VALUES (?, ?)').run(m.tag, Date.now())
    })()
    applied.push(m.tag)
  }
  return applied
}
