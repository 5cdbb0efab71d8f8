// Test runs in PostgreSQL mode (SWISSTAX_TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres): each
// test gets a fresh database, copied from a template migrated once per run and per set of migrations (fast: a copy
// of files, no migration replayed). Used by src/server/test-helpers.ts only.
import { SQL } from 'bun'
import { createHash } from 'node:crypto'
import { MIGRATIONS } from './migrations.gen'
import { migratePostgres } from '.'

let admin: SQL | undefined
let template: Promise<string> | undefined
let made = 0

/** The test database server's URL with another database name. */
const onDatabase = (url: string, name: string) => {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

/** A process id named in a test database's name still runs (else its databases are leftovers of a killed run). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The template of this set of migrations: made once by whichever test run comes first (under a lock). */
async function templateName(url: string): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(MIGRATIONS)).digest('hex').slice(0, 12)
  const name = `swisstax_tpl_${hash}`
  admin ??= new SQL({ url, max: 2 })
  const conn = await admin.reserve()
  try {
    await conn.unsafe('SELECT pg_advisory_lock(7305861403)')
    const leftovers = (await conn.unsafe(`SELECT datname FROM pg_database WHERE datname LIKE 'swisstax_t\\_%'`)) as {
      datname: string
    }[]
    for (const { datname } of leftovers) {
      const pid = Number(/^swisstax_t_(\d+)_/.exec(datname)?.[1])
      if (pid && !alive(pid)) await conn.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
    }
    // Templates of older migrations: dropped unless a run still copies from them (then the DROP fails, harmlessly).
    const old = (await conn.unsafe(
      `SELECT datname FROM pg_database WHERE datname LIKE 'swisstax\\_tpl\\_%' AND datname <> $1`,
      [name],
    )) as { datname: string }[]
    for (const { datname } of old) await conn.unsafe(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => {})
    const exists = await conn.unsafe('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (!exists.length) {
      await conn.unsafe(`CREATE DATABASE "${name}"`)
      const pool = new SQL({ url: onDatabase(url, name), max: 1 })
      try {
        await migratePostgres(pool)
      } finally {
        await pool.close()
      }
    }
    await conn.unsafe('SELECT pg_advisory_unlock(7305861403)')
  } finally {
    conn.release()
  }
  return name
}

/**
 * A fresh migrated database for one test (or, with `empty`, one without any table): its URL, and `drop` for the
 * test's end.
 */
export async function testDatabase(url: string, empty = false): Promise<{ url: string; drop(): Promise<void> }> {
  template ??= templateName(url)
  const tpl = await template
  const name = `swisstax_t_${process.pid}_${++made}`
  await admin!.unsafe(empty ? `CREATE DATABASE "${name}"` : `CREATE DATABASE "${name}" TEMPLATE "${tpl}"`)
  return {
    url: onDatabase(url, name),
    async drop() {
      await admin!.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    },
  }
}
