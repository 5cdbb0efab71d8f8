import type { Database } from 'bun:sqlite'
import { join } from 'node:path'
import type { BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite'
import * as schema from './schema'
import { MIGRATIONS } from './migrations.gen'
import { APP_VERSION } from '../../shared/version'
import { openConnection, sqliteBackend } from '../infra/backend/sqlite'
import type { Backend } from '../infra/backend'
import type { Config } from '../config'
import { postgresSelected } from './dialect'

export type Db = BunSQLiteDatabase<typeof schema>
export { schema }

/** The database file of a data folder. */
export const databasePath = (dataDir: string) => join(dataDir, 'swisstax.db')

/** How long a start waits for another process that is migrating the same database. */
const MIGRATION_WAIT_MS = 120_000

/**
 * The configured database, migrated: PostgreSQL when DATABASE_URL is set (its code loaded only then), else SQLite
 * in the data folder.
 */
export async function openBackend(config: Config): Promise<{ backend: Backend; applied: string[] }> {
  if (!config.databaseUrl) {
    if (postgresSelected()) throw new Error('the PostgreSQL table tree is loaded, but no DATABASE_URL is configured')
    return openDatabase(databasePath(config.dataDir))
  }
  if (!postgresSelected()) throw new Error('DATABASE_URL is configured, but the SQLite table tree is loaded')
  const { openPostgres } = await import('./pg')
  return openPostgres(config.databaseUrl, config.pgPoolSize)
}

/** The migrations this binary embeds for a database (SQLite's tree or PostgreSQL's): /readyz waits for them all. */
export const knownMigrations = (dialect: Backend['dialect']) =>
  dialect === 'sqlite'
    ? MIGRATIONS
    : // PostgreSQL's, loaded on PostgreSQL only: a server on SQLite does not hold their text (start.test.ts).
      (require('./pg/migrations.gen') as typeof import('./pg/migrations.gen')).MIGRATIONS

/** Opens the database (docs/storage.md) and applies the embedded migrations, once across processes. */
export function openDatabase(path: string): { backend: Backend; applied: string[] } {
  const writer = openConnection(path)
  let applied: string[]
  try {
    applied = migrate(writer)
  } catch (err) {
    writer.close()
    throw err
  }
  return { backend: sqliteBackend(path, writer), applied }
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

/**
 * Applies the embedded migrations not yet recorded in __migrations, in one write transaction: a second
 * process starting at the same moment waits for it (up to two minutes), then finds them applied.
 */
export function migrate(sqlite: Database): string[] {
  const applied: string[] = []
  sqlite.exec(`PRAGMA busy_timeout = ${MIGRATION_WAIT_MS}`)
  sqlite.exec('BEGIN IMMEDIATE')
  try {
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
      for (const stmt of m.sql.split('--> statement-breakpoint')) if (stmt.trim()) sqlite.exec(stmt)
      sqlite.query('INSERT INTO __migrations (tag, applied_at) VALUES (?, ?)').run(m.tag, Date.now())
      applied.push(m.tag)
    }
    sqlite.exec('COMMIT')
  } catch (err) {
    sqlite.exec('ROLLBACK')
    throw err
  } finally {
    sqlite.exec('PRAGMA busy_timeout = 5000')
  }
  return applied
}
