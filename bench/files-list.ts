// GET /api/files under load (issue 28), run with `npx bun bench/files-list.ts` after `npx bun build.ts`.
// The rows are written straight into the server's database (a second connection to its WAL file): the list is what
// is measured, and 5,000 uploads through the API take minutes (bench/documents.ts measures those).
// Prints a table: p50/p99 for 10 files and for 5,000 files in one year (page of 200), and the 304 path.
import { Database } from 'bun:sqlite'
import { median, measured, signIn, startBinary, wrk, type Proc } from './lib'

const YEAR = new Date().getFullYear() - 1
const ROUNDS = Number(process.env.ROUNDS ?? 3)

/** `count` files of one year for the user, each with one version; every other one recognised. */
function seed(dbPath: string, email: string, count: number) {
  const db = new Database(dbPath)
  db.exec('PRAGMA busy_timeout = 5000')
  const { id: userId } = db.query<{ id: number }, [string]>('SELECT id FROM users WHERE email = ?').get(email)!
  const now = Date.now()
  const file = db.query(
    'INSERT INTO files (id, user_id, tax_year, category_id, original_name, current_version, created_at, updated_at)' +
      ' VALUES (?, ?, ?, ?, ?, 1, ?, ?)',
  )
  const version = db.query(
    'INSERT INTO file_versions (id, file_id, version, sha256, size, wrapped_key, created_at, uploaded_by)' +
      " VALUES (?, ?, 1, ?, ?, 'bench', ?, ?)",
  )
  const recognition = db.query(
    'INSERT INTO recognitions (version_id, file_id, user_id, status, category_id, confidence, created_at, updated_at)' +
      " VALUES (?, ?, ?, 'done', ?, 0.9, ?, ?)",
  )
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const fileId = crypto.randomUUID()
      const versionId = crypto.randomUUID()
      const category = [1, 2, 3, 4, 5, 21][i % 6]!
      file.run(fileId, userId, YEAR, category, `note-${i}.pdf`, now - i * 1000, now - i * 1000)
      version.run(versionId, fileId, 'ab'.repeat(32), 1000 + i, now - i * 1000, userId)
      if (i % 2) recognition.run(versionId, fileId, userId, category, now, now)
    }
  })()
  db.close()
}

/** ROUNDS runs of 6 s (1 s warm-up before each): median and range of p50 and p99, CPU µs per request. */
function rounds(server: Proc, cookie: string, extra: Record<string, string> = {}) {
  const url = `${server.url}/api/files?taxYear=${YEAR}`
  const runs = []
  for (let i = 0; i < ROUNDS; i++) {
    wrk(url, { seconds: 1, connections: 32, headers: { cookie, ...extra } })
    runs.push(measured(server.pid, url, { seconds: 6, connections: 32, headers: { cookie, ...extra } }))
  }
  const spread = (xs: number[]) =>
    `${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`
  return {
    p50: spread(runs.map((r) => r.p50)),
    p99: spread(runs.map((r) => r.p99)),
    p99Median: median(runs.map((r) => r.p99)),
    cpu: median(runs.map((r) => r.cpuPerReq)).toFixed(0),
    rps: Math.round(median(runs.map((r) => r.rps))),
    errors: runs.reduce((s, r) => s + r.errors + r.non2xx, 0),
  }
}

const server = await startBinary()
try {
  const small = await signIn(server, 'ten-files@example.ch')
  const big = await signIn(server, 'many-files@example.ch')
  seed(`${server.dataDir}/swisstax.db`, 'ten-files@example.ch', 10)
  seed(`${server.dataDir}/swisstax.db`, 'many-files@example.ch', 5000)
  const ten = rounds(server, small)
  const many = rounds(server, big)
  const etag = (await fetch(`${server.url}/api/files?taxYear=${YEAR}`, { headers: { cookie: big } })).headers.get(
    'etag',
  )!
  const notModified = rounds(server, big, { 'If-None-Match': etag })
  const ok = (b: boolean) => (b ? '✅' : '❌')
  console.log(`\n### GET /api/files (${ROUNDS} rounds of 6 s, 32 connections; median (min–max))\n`)
  console.log('| files | p50 ms | p99 ms | CPU µs/request | requests/s | errors | p99 target < 10 ms |')
  console.log('|---|---|---|---|---|---|---|')
  for (const [name, r] of [
    ['10', ten],
    ['5,000 in one year (page of 200)', many],
    ['5,000, If-None-Match matches (304)', notModified],
  ] as const)
    console.log(
      `| ${name} | ${r.p50} | ${r.p99} | ${r.cpu} | ${r.rps} | ${r.errors} | ${ok(r.p99Median < 10 && !r.errors)} |`,
    )
} finally {
  await server.stop()
  await Bun.$`rm -rf ${server.dataDir}`.quiet()
}
