// PostgreSQL's start (src/server/db/pg/index.ts): instances started at the same moment on an empty database all come
// up, the migrations applied once under the advisory lock; a database migrated by a newer binary is refused.
// PostgreSQL run only (SWISSTAX_TEST_DATABASE_URL); SQLite's start is tested by the two-process test.
import { afterEach, expect, test } from 'bun:test'
import { SQL } from 'bun'
import { onPostgres, testPostgresUrl } from '../../test-helpers'
import type { Backend } from '../../infra/backend'
import { MIGRATIONS } from './migrations.gen'

const opened: Backend[] = []
const drops: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const b of opened.splice(0)) b.close()
  for (const d of drops.splice(0)) await d()
})

async function emptyDatabase() {
  const { testDatabase } = await import('./test-databases')
  const db = await testDatabase(testPostgresUrl!, true)
  drops.push(db.drop)
  return db.url
}

test.skipIf(!onPostgres)('four instances started at once on an empty database all come up; migrated once', async () => {
  const { openPostgres } = await import('.')
  const url = await emptyDatabase()
  const started = await Promise.all([1, 2, 3, 4].map(() => openPostgres(url, 2)))
  opened.push(...started.map((s) => s.backend))
  // One of them applied every migration, the others found them applied.
  expect(started.map((s) => s.applied.length).sort()).toEqual([0, 0, 0, MIGRATIONS.length])
  const rows = await started[0]!.backend.all<{ tag: string }>('SELECT tag FROM __migrations ORDER BY tag')
  expect(rows.map((r) => r.tag)).toEqual(MIGRATIONS.map((m) => m.tag))
  expect((await started[1]!.backend.get<{ n: number }>('SELECT count(*) AS n FROM users'))?.n).toBe(0)
})

test.skipIf(!onPostgres)('a database migrated by a newer binary is refused before anything is written', async () => {
  const { openPostgres } = await import('.')
  const url = await emptyDatabase()
  const first = await openPostgres(url, 2)
  await first.backend.run('INSERT INTO __migrations (tag, applied_at) VALUES (?, 0)', '9999_from_the_future')
  first.backend.close()
  await expect(openPostgres(url, 2)).rejects.toThrow(/upgraded by a newer swisstax \(migration 9999_from_the_future/)
  const check = new SQL({ url, max: 1 })
  expect(((await check.unsafe('SELECT count(*)::int AS n FROM __migrations')) as { n: number }[])[0]!.n).toBe(
    MIGRATIONS.length + 1,
  )
  await check.close()
})
