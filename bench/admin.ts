// Experts' client list benchmark (issue 11), run with `npm run bench admin` (or
// `BENCH_NO_BUILD=1 bun bench/admin.ts` after a build): GET /api/admin/users over
// 10,000 clients with 30,000 files and 20,000 messages, p50/p99 per query shape.
// Searches of three characters and more go through the users' trigram index
// (users_search); "example.ch" matches every client, the index's worst case.
import { Database } from 'bun:sqlite'
import { cleanup, clientListShapes, signIn, startBinary, wrk } from './lib'
import { loadConfig } from '../src/server/config'
import { createContext } from '../src/server/boot'
import { silentLogger } from '../src/server/log'
import { listClients, type ClientFilter } from '../src/server/admin/clients'

const CLIENTS = Number(process.env.CLIENTS ?? 10_000)
const YEAR = new Date().getFullYear() - 1
const ADMIN = 'bench.expert@example.ch'
const SECONDS = Number(process.env.SECONDS ?? 5)

// First start: migrations applied on an empty data folder; then seed with the server stopped.
const first = await startBinary()
await first.stop()
const db = new Database(`${first.dataDir}/swisstax.db`)
const now = Date.now()
const names = ['Müller', 'Meier', 'Schmid', 'Keller', 'Weber', 'Huber', 'Schneider', 'Meyer', 'Steiner', 'Fischer']
db.transaction(() => {
  const user = db.prepare(
    'INSERT INTO users (email, role, language, first_name, last_name, phone, created_at, last_login_at, ' +
      "last_activity_at) VALUES (?, 'user', 'de', ?, ?, '+41791234567', ?, ?, ?)",
  )
  const status = db.prepare(
    'INSERT INTO tax_year_status (user_id, tax_year, status_id, updated_at) VALUES (?, ?, ?, ?)',
  )
  const file = db.prepare(
    'INSERT INTO files (id, user_id, tax_year, category_id, original_name, current_version, created_at, updated_at) ' +
      'VALUES (?, ?, ?, ?, ?, 1, ?, ?)',
  )
  const message = db.prepare(
    'INSERT INTO messages (user_id, author_id, from_expert, body, created_at) VALUES (?, ?, ?, ?, ?)',
  )
  for (let i = 0; i < CLIENTS; i++) {
    const at = now - i * 60_000
    const id = Number(
      user.run(`client${i}@example.ch`, `Vorname${i}`, `${names[i % names.length]}${i}`, at - 86_400_000, at, at)
        .lastInsertRowid,
    )
    status.run(id, YEAR, (i % 6) + 1, at)
    for (let f = 0; f < 3; f++) file.run(crypto.randomUUID(), id, YEAR, [1, 2, 21][f]!, `doc${f}.pdf`, at, at)
    message.run(id, id, 0, 'Frage', at)
    if (i % 2) message.run(id, null, 1, 'Antwort', at + 1000)
  }
})()
db.close()

// The list's own cost, in process and one at a time: the part of the figure that does not
// depend on how busy the shared machine is (no HTTP, no audit insert, no scheduling).
const ctx = await createContext(loadConfig({ DATA_DIR: first.dataDir }), { log: silentLogger })
const inProcess: { label: string; p50: number; p99: number }[] = []
for (const [label, f] of [
  ['newest activity first (page 1)', { taxYear: YEAR, page: 1, sort: 'activity' }],
  ['by name, page 100', { taxYear: YEAR, page: 100, sort: 'name' }],
  ['search "meier12"', { taxYear: YEAR, page: 1, sort: 'activity', q: 'meier12' }],
  ['search "MÜLLER1" (umlaut, any case)', { taxYear: YEAR, page: 1, sort: 'activity', q: 'MÜLLER1' }],
  ['search "example.ch" (every client)', { taxYear: YEAR, page: 1, sort: 'activity', q: 'example.ch' }],
  ['status 4 of the year', { taxYear: YEAR, page: 1, sort: 'activity', status: 4 }],
] as [string, ClientFilter][]) {
  const times: number[] = []
  for (let i = 0; i < 220; i++) {
    const t0 = performance.now()
    await listClients(ctx, f)
    if (i >= 20) times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  inProcess.push({ label, p50: times[Math.floor(times.length / 2)]!, p99: times[Math.floor(times.length * 0.99)]! })
}
ctx.backend.close()

const server = await startBinary({ ADMIN_EMAILS: ADMIN }, first.dataDir)
const cookie = await signIn(server, ADMIN)
const shapes = clientListShapes(YEAR)
const check = await fetch(`${server.url}/api/admin/users`, { headers: { cookie } })
const total = ((await check.json()) as { total: number }).total
if (total !== CLIENTS) throw new Error(`expected ${CLIENTS} clients, the list says ${total}`)
const rows = shapes.map(([label, path]) => {
  wrk(`${server.url}${path}`, { seconds: 1, connections: 2, headers: { cookie } })
  const r = wrk(`${server.url}${path}`, { seconds: SECONDS, connections: 2, headers: { cookie } })
  return { label, ...r }
})
await server.stop()
cleanup(server.dataDir)

const worst = Math.max(...rows.map((r) => r.p99))
const worstInProcess = Math.max(...inProcess.map((r) => r.p99))
const load = (await Bun.file('/proc/loadavg').text()).split(' ')[0]
console.log(
  `### Experts' client list at ${CLIENTS.toLocaleString('en')} clients (GET /api/admin/users, 2 ` +
    `connections, ${SECONDS} s each)

${CLIENTS.toLocaleString('en')} clients, ${(CLIENTS * 3).toLocaleString('en')} files,\
 ${(CLIENTS * 1.5).toLocaleString('en')} messages; every request is audited (one insert).

| query | requests/s | p50 ms | p99 ms | errors / non-2xx |
|---|---|---|---|---|
${rows
  .map(
    (r) =>
      `| ${r.label} | ${Math.round(r.rps)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.errors} / ` +
      `${r.non2xx} |`,
  )
  .join('\n')}

- worst p99 over HTTP ${worst.toFixed(2)} ms (target < 50 ms) ${worst < 50 ? '✅' : '❌'}; machine load average ${load}\
 on 2 cores during the run

The same queries in process, one at a time (200 runs each after 20 warm-up runs): the list's own cost.

| query | p50 ms | p99 ms |
|---|---|---|
${inProcess.map((r) => `| ${r.label} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} |`).join('\n')}

- worst in-process p99 ${worstInProcess.toFixed(2)} ms (target < 50 ms) ${worstInProcess < 50 ? '✅' : '❌'}
`,
)
