// The polled file list kept until the database changes (issue 28): served again from memory while nothing is
// committed, built anew after any commit, this process's or another's on the same data folder.
import { afterEach, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { onPostgres, testApp } from '../test-helpers'
import { createContext } from '../boot'
import { silentLogger } from '../log'
import { listFiles } from '../documents/listing'
import { pdf, uploadForm } from '../documents/test-fixtures'
import { cachedRead } from './read-cache'

const YEAR = 2025
let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())

async function withFile() {
  t = await testApp()
  const alice = await t.signIn('alice@example.ch')
  const up = await t.request('POST', '/api/files/upload', {
    cookie: alice.cookie,
    raw: uploadForm([{ name: 'lohnausweis.pdf', data: pdf() }], { taxYear: YEAR, categoryId: 1 }),
  })
  expect(up.status).toBe(200)
  return alice
}
const page = { taxYear: YEAR, limit: 200, offset: 0 }

// SQLite only: the cache keys on SQLite's data_version; PostgreSQL has no such counter, so every poll builds its
// answer there (read-cache.ts).
describe.skipIf(onPostgres)('the file list between commits', () => {
  test('asked again with nothing committed: the same answer, its JSON and ETag reused', async () => {
    const alice = await withFile()
    const first = await listFiles(t.ctx, alice.user.id, 'de', page)
    expect(await listFiles(t.ctx, alice.user.id, 'de', page)).toBe(first)
    // Another language, another page: answers of their own.
    const english = await listFiles(t.ctx, alice.user.id, 'en', page)
    expect(english).not.toBe(first)
    expect(english[0]!.categoryName).not.toBe(first[0]!.categoryName)
    const a = await t.request('GET', `/api/files?taxYear=${YEAR}`, { cookie: alice.cookie })
    const b = await t.request('GET', `/api/files?taxYear=${YEAR}`, {
      cookie: alice.cookie,
      headers: { 'if-none-match': a.headers.get('etag')! },
    })
    expect(b.status).toBe(304)
  })

  test("this process's commit: the next poll shows it", async () => {
    const alice = await withFile()
    const before = await t.request('GET', `/api/files?taxYear=${YEAR}`, { cookie: alice.cookie })
    expect(before.json).toHaveLength(1)
    const up = await t.request('POST', '/api/files/upload', {
      cookie: alice.cookie,
      raw: uploadForm([{ name: 'konto.pdf', data: pdf('konto') }], { taxYear: YEAR, categoryId: 2 }),
    })
    expect(up.status).toBe(200)
    const after = await t.request('GET', `/api/files?taxYear=${YEAR}`, {
      cookie: alice.cookie,
      headers: { 'if-none-match': before.headers.get('etag')! },
    })
    expect(after.status).toBe(200)
    expect(after.json.map((f: { filename: string }) => f.filename).sort()).toEqual(['konto.pdf', 'lohnausweis.pdf'])
  })

  test("another process's commit on the same data folder: the next poll shows it", async () => {
    const alice = await withFile()
    expect((await t.request('GET', `/api/files?taxYear=${YEAR}`, { cookie: alice.cookie })).json).toHaveLength(1)
    // A second server on the data folder deletes the file (its own connections, its own transaction).
    const other = await createContext(t.config, { now: () => t.clock.now, log: silentLogger })
    try {
      await other.tx(() => other.backend.run('UPDATE files SET deleted_at = ?', t.clock.now))
    } finally {
      other.backend.close()
    }
    expect((await t.request('GET', `/api/files?taxYear=${YEAR}`, { cookie: alice.cookie })).json).toEqual([])
    // And a change written by any other connection at all (sqlite3 by hand, a restore).
    const raw = new Database(join(t.dataDir, 'swisstax.db'))
    raw.exec('PRAGMA busy_timeout = 5000')
    raw.query('UPDATE files SET deleted_at = NULL').run()
    raw.close()
    expect((await t.request('GET', `/api/files?taxYear=${YEAR}`, { cookie: alice.cookie })).json).toHaveLength(1)
  })

  test('inside a transaction nothing is kept or served from memory', async () => {
    t = await testApp()
    let builds = 0
    const build = async () => {
      builds++
      return [builds]
    }
    await t.ctx.tx(async () => {
      await cachedRead(t.ctx, 'k', build)
      await cachedRead(t.ctx, 'k', build)
    })
    expect(builds).toBe(2)
    expect(await cachedRead(t.ctx, 'k', build)).toEqual([3])
    expect(await cachedRead(t.ctx, 'k', build)).toEqual([3])
  })
})
