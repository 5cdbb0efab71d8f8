import type { SQL } from 'bun'
import { MIGRATIONS } from './migrations.gen'
import { NewerSchemaError } from '..'
import { openPool, postgresBackend } from '../../infra/backend/postgres'
import type { Backend } from '../../infra/backend'

/**
 * Opens PostgreSQL (DATABASE_URL; docs/storage.md "PostgreSQL") and applies the embedded migrations of the
 * PostgreSQL tree. Loaded by src/server/db/index.ts only when configured.
 */
export async function openPostgres(url: string, poolSize: number): Promise<{ backend: Backend; applied: string[] }> {
  const pool = openPool(url, poolSize)
  try {
    const applied = await migratePostgres(pool)
    return { backend: postgresBackend(pool), applied }
  } catch (err) {
    await pool.close()
    throw err
  }
}

/** The advisory lock key of the migrations (and of `keys rotate`): any fixed 64-bit number. */
export const MIGRATION_LOCK = 7_305_861_402

/**
 * Applies the migrations not yet recorded in __migrations, in one transaction holding an advisory lock: instances
 * started at the same moment on an empty database wait for the first, then find them applied. PostgreSQL's DDL
 * is transactional, so a failed migration leaves nothing half done.
 */
export async function migratePostgres(pool: SQL): Promise<string[]> {
  return pool.begin('read write', async (tx) => {
    await tx.unsafe('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await tx.unsafe('CREATE TABLE IF NOT EXISTS __migrations (tag text PRIMARY KEY, applied_at bigint NOT NULL)')
    const done = new Set(((await tx.unsafe('SELECT tag FROM __migrations')) as { tag: string }[]).map((r) => r.tag))
    const known = new Set(MIGRATIONS.map((m) => m.tag))
    const unknown = [...done].filter((tag) => !known.has(tag))
    if (unknown.length) throw new NewerSchemaError(unknown)
    const applied: string[] = []
    for (const m of MIGRATIONS) {
      if (done.has(m.tag)) continue
      for (const stmt of m.sql.split('--> statement-breakpoint')) if (stmt.trim()) await tx.unsafe(stmt)
      await tx.unsafe('INSERT INTO __migrations (tag, applied_at) VALUES ($1, $2)', [m.tag, Date.now()])
      applied.push(m.tag)
    }
    return applied
  })
}
