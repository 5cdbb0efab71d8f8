// PostgreSQL + S3 benchmark (issue 24), run with `npm run bench pg` (or `BENCH_NO_BUILD=1 bun bench/pg.ts` after a
// build): the executable on a fresh PostgreSQL database (the local server, SWISSTAX_TEST_DATABASE_URL) and a bucket of
// the test S3 server (s3rver, in this process):
// - the polled GET /api/tax-status at 32 connections on one instance, and on two instances sharing the database
//   (16 connections each, at the same time): CPU µs per request over both, p99;
// - a 50 MB upload end to end against a bare PUT of the same bytes to the same bucket;
// - the experts' client list at 10,000 clients (GET /api/admin/users), p50/p99 per query shape.
import { clientListShapes, median, signIn, startBinary, wrk, wrkAsync, cpuMicros, spread } from './lib'
import { testDatabase } from '../src/server/db/pg/test-databases'
import { stopTestS3Server, testBucket, testStorageEnv } from '../src/server/infra/test-helpers'

const PG = process.env.SWISSTAX_TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
const YEAR = new Date().getFullYear() - 1
const CLIENTS = Number(process.env.CLIENTS ?? 10_000)
const ADMIN = 'bench.expert@example.ch'
const MB = 1024 * 1024

const database = await testDatabase(PG)
const storage = await testStorageEnv()
const env = {
  DATABASE_URL: database.url,
  SWISSTAX_MASTER_KEY: Buffer.alloc(32, 9).toString('base64'),
  ADMIN_EMAILS: ADMIN,
  ...storage,
}
const { bucket } = testBucket(storage)
const one = await startBinary(env)
const two = await startBinary(env)
const cookie = await signIn(one, 'bench.pg@example.ch')
const statusPath = `/api/tax-status?taxYear=${YEAR}`

/** Three rounds on one instance (32 connections), then three on both at once (16 each). */
async function polled() {
  const single: { cpu: number; p99: number; rps: number }[] = []
  const pair: { cpu: number; p99: number; rps: number }[] = []
  for (let round = 0; round < 3; round++) {
    wrk(`${one.url}${statusPath}`, { seconds: 1, connections: 32, headers: { cookie } })
    let before = cpuMicros(one.pid)
    const r = wrk(`${one.url}${statusPath}`, { seconds: 6, connections: 32, headers: { cookie } })
    single.push({ cpu: (cpuMicros(one.pid) - before) / r.requests, p99: r.p99, rps: r.rps })
    before = cpuMicros(one.pid) + cpuMicros(two.pid)
    const both = await Promise.all(
      [one, two].map((s) => wrkAsync(`${s.url}${statusPath}`, { seconds: 6, connections: 16, headers: { cookie } })),
    )
    const requests = both[0]!.requests + both[1]!.requests
    pair.push({
      cpu: (cpuMicros(one.pid) + cpuMicros(two.pid) - before) / requests,
      p99: Math.max(both[0]!.p99, both[1]!.p99),
      rps: both[0]!.rps + both[1]!.rps,
    })
  }
  return { single, pair }
}

function pdfBytes(size: number): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(size)
  crypto.getRandomValues(data.subarray(0, 65536))
  for (let off = 65536; off < size; off += 65536) data.copyWithin(off, 0, Math.min(65536, size - off))
  data.set(new TextEncoder().encode('%PDF-1.4\n'))
  return data
}

/** A 50 MB upload through the executable, against a bare PUT of the same bytes to the bucket; three rounds each. */
async function upload() {
  const ends: number[] = []
  const puts: number[] = []
  for (let round = 0; round < 3; round++) {
    const data = pdfBytes(50 * MB)
    data[100] = round
    const hash = new Bun.CryptoHasher('sha256').update(data).digest('hex')
    const form = new FormData()
    form.append('hashes[]', hash)
    form.append('categoryId', '1')
    form.append('taxYear', String(YEAR))
    form.append('files', new Blob([data], { type: 'application/pdf' }), `big-${round}.pdf`)
    const body = new Response(form)
    const type = body.headers.get('content-type')!
    const bytes = new Uint8Array(await body.arrayBuffer())
    let t0 = performance.now()
    const r = await fetch(`${one.url}/api/files/upload`, {
      method: 'POST',
      headers: { cookie, origin: one.url, 'content-type': type },
      body: bytes,
    })
    if (r.status !== 200) throw new Error(`upload ${r.status}: ${await r.text()}`)
    ends.push(performance.now() - t0)
    t0 = performance.now()
    await bucket.write(`bench-raw-${round}`, data)
    puts.push(performance.now() - t0)
    await bucket.delete(`bench-raw-${round}`)
  }
  return { ends, puts }
}

/** 10,000 clients with three files and one or two messages each, written straight into the database. */
async function seedClients() {
  const sql = new Bun.SQL(database.url)
  const now = Date.now()
  await sql.unsafe(
    `INSERT INTO users (email, role, language, first_name, last_name, phone, created_at, last_login_at,
       last_activity_at)
     SELECT 'client' || i || '@example.ch', 'user', 'de', 'Vorname' || i,
       (ARRAY['Müller','Meier','Schmid','Keller','Weber','Huber','Schneider','Meyer','Steiner','Fischer'])[i % 10 + 1]
         || i, '+41791234567', $1 - i * 60000 - 86400000, $1 - i * 60000, $1 - i * 60000
     FROM generate_series(0, $2 - 1) AS i`,
    [now, CLIENTS],
  )
  await sql.unsafe(
    `INSERT INTO tax_year_status (user_id, tax_year, status_id, updated_at)
     SELECT id, $1, id % 6 + 1, $2 FROM users WHERE email LIKE 'client%'`,
    [YEAR, now],
  )
  await sql.unsafe(
    `INSERT INTO files (id, user_id, tax_year, category_id, original_name, current_version, created_at, updated_at)
     SELECT gen_random_uuid()::text, u.id, $1, c, 'doc' || c || '.pdf', 1, $2, $2
     FROM users u CROSS JOIN (VALUES (1), (2), (21)) AS cats(c) WHERE u.email LIKE 'client%'`,
    [YEAR, now],
  )
  await sql.unsafe(
    `INSERT INTO messages (user_id, author_id, from_expert, body, created_at)
     SELECT id, id, false, 'Frage', $1 FROM users WHERE email LIKE 'client%'`,
    [now],
  )
  await sql.unsafe('ANALYZE')
  await sql.close()
}

async function clientList() {
  await seedClients()
  const admin = await signIn(two, ADMIN)
  const shapes = clientListShapes(YEAR)
  const total = (
    (await (await fetch(`${two.url}/api/admin/users`, { headers: { cookie: admin } })).json()) as {
      total: number
    }
  ).total
  if (total !== CLIENTS + 1) throw new Error(`expected ${CLIENTS + 1} clients, the list says ${total}`)
  return shapes.map(([label, path]) => {
    wrk(`${two.url}${path}`, { seconds: 1, connections: 2, headers: { cookie: admin } })
    return { label, ...wrk(`${two.url}${path}`, { seconds: 5, connections: 2, headers: { cookie: admin } }) }
  })
}

const poll = await polled()
const up = await upload()
const list = await clientList()
await one.stop()
await two.stop()
await database.drop()
await stopTestS3Server()

const load = (await Bun.file('/proc/loadavg').text()).split(' ')[0]
const worst = Math.max(...list.map((r) => r.p99))
const ratio = median(up.ends) / median(up.puts)
console.log(`### PostgreSQL + S3 (issue 24)

The executable with DATABASE_URL (PostgreSQL 15, local) and STORAGE_URL (s3rver, in the bench's process: its PUTs
and GETs cost this machine's CPU too). Machine load average ${load} on 2 cores at the end of the run.

| GET ${statusPath}, median of 3 rounds (lowest–highest) | CPU µs/request | requests/s | p99 ms |
|---|---|---|---|
| one instance, 32 connections | ${spread(poll.single.map((r) => r.cpu))} | ${spread(
  poll.single.map((r) => r.rps),
  0,
)} | ${spread(
  poll.single.map((r) => r.p99),
  2,
)} |
| two instances on one database, 16 connections each | ${spread(poll.pair.map((r) => r.cpu))} | ${spread(
  poll.pair.map((r) => r.rps),
  0,
)} | ${spread(
  poll.pair.map((r) => r.p99),
  2,
)} |

| 50 MB, three rounds | median ms | lowest–highest |
|---|---|---|
| upload end to end (multipart, hash, encryption, S3 multipart PUT, row) | ${median(up.ends).toFixed(0)} | ${Math.min(
  ...up.ends,
).toFixed(0)}–${Math.max(...up.ends).toFixed(0)} |
| bare PUT of the same bytes to the bucket | ${median(up.puts).toFixed(0)} | ${Math.min(...up.puts).toFixed(
  0,
)}–${Math.max(...up.puts).toFixed(0)} |

- upload against the bare PUT: ${ratio.toFixed(2)}× (target ≤ 2×) ${ratio <= 2 ? '✅' : '❌'}

Experts' client list at ${CLIENTS.toLocaleString('en')} clients on PostgreSQL (GET /api/admin/users, 2 connections,
5 s each; every request is audited):

| query | requests/s | p50 ms | p99 ms | errors / non-2xx |
|---|---|---|---|---|
${list
  .map(
    (r) =>
      `| ${r.label} | ${Math.round(r.rps)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.errors} / ${r.non2xx} |`,
  )
  .join('\n')}

- worst p99 ${worst.toFixed(2)} ms (target < 50 ms) ${worst < 50 ? '✅' : '❌'}
`)
process.exit(0)
