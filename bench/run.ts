// npm run bench [name…]: builds the executable, runs the benchmarks and writes bench/RESULTS.md.
// Method (issue 2): A and B alternate, ≥3 rounds of 6 s after a 1 s warm-up, medians;
// the server's own CPU time per request from /proc/PID/stat; load from wrk.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { chromium } from 'playwright-core'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import {
  BINARY,
  binarySize,
  cleanup,
  freePort,
  measured,
  median,
  residentMB,
  signIn,
  sideBySide,
  spread,
  startBinary,
  waitFor,
  wrk,
  wrkFixedRate,
} from './lib'

const only = new Set(process.argv.slice(2))
const want = (name: string) => only.size === 0 || only.has(name)
// Sections by name: a run of some sections keeps the others' last figures in RESULTS.md.
const sections = new Map<string, string>()
for (const part of (existsSync('bench/RESULTS.md') ? readFileSync('bench/RESULTS.md', 'utf8') : '')
  .split(/^<!-- section: /m)
  .slice(1)) {
  const [, name, text] = /^(\S+) -->\n([\s\S]*)$/.exec(part) ?? []
  if (name && text) sections.set(name, `${text.trimEnd()}\n`)
}
const ORDER = [
  'auth',
  'memory',
  'coldstart',
  'login',
  'home',
  'documents',
  'files',
  'recognition',
  'recognition-corpus',
  'e-statement',
  'dossier',
  'hostile',
  'addresses',
  'lighthouse',
  'admin',
  'pg',
  'binary-size',
]
/** RESULTS.md is written after each section, so a later section that fails keeps the figures measured so far. */
function record(name: string, text: string) {
  sections.set(name, text)
  writeResults()
}
function writeResults() {
  const header =
    `# Benchmark results

Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} ` +
    `cores (${cpus()[0]?.model ?? 'unknown CPU'}).
This machine is shared and noisy: requests per second swing by up to 2× between identical runs; the server's own CPU \
time per request is the stable figure.
`
  const names = [...ORDER.filter((n) => sections.has(n)), ...[...sections.keys()].filter((n) => !ORDER.includes(n))]
  const out = [header, ...names.map((n) => `<!-- section: ${n} -->\n${sections.get(n)}`)].join('\n')
  writeFileSync('bench/RESULTS.md', out)
  return out
}
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a')
const verdict = (ok: boolean) => (ok ? '✅' : '❌')
const ROUNDS_NOTE = 'Each figure: median of 3 rounds of 6 s (1 s warm-up each, A and B alternating), (lowest–highest).'
type Runs = { runs: ReturnType<typeof measured>[]; errors: number }
/** One table row of a side's rounds: CPU µs/request, requests/s, p50, p99, errors. */
const row = (r: Runs) =>
  [
    spread(r.runs.map((x) => x.cpuPerReq)),
    spread(
      r.runs.map((x) => x.rps),
      0,
    ),
    spread(
      r.runs.map((x) => x.p50),
      2,
    ),
    spread(
      r.runs.map((x) => x.p99),
      2,
    ),
    String(r.errors),
  ].join(' | ')
/** Three measured rounds of one URL (1 s warm-up each): the runs, the medians of p50/p99, the errors. */
function rounds(
  pid: number,
  url: string,
  headers: Record<string, string>,
  script?: string,
  env?: Record<string, string>,
) {
  const runs: ReturnType<typeof measured>[] = []
  for (let i = 0; i < 3; i++) {
    wrk(url, { seconds: 1, connections: 32, headers, script, env })
    runs.push(measured(pid, url, { seconds: 6, connections: 32, headers, script, env }))
  }
  return {
    runs,
    p50: median(runs.map((x) => x.p50)),
    p99: median(runs.map((x) => x.p99)),
    errors: runs.reduce((sum, x) => sum + x.errors + x.non2xx, 0),
  }
}
/** The CPU ratio of A to B round by round (the rounds alternate, so each pair ran within the same minute). */
const ratios = (r: { a: Runs; b: Runs }) =>
  r.a.runs.map((x, i) => (x.cpuPerReq / r.b.runs[i]!.cpuPerReq).toFixed(2)).join(', ')

if (!existsSync(BINARY) || !process.env.BENCH_NO_BUILD) {
  const b = Bun.spawnSync([process.execPath, 'build.ts'], { stdout: 'inherit', stderr: 'inherit' })
  if (b.exitCode !== 0) process.exit(1)
}

async function startBare(dbPath: string) {
  const port = await freePort()
  const p = Bun.spawn([process.execPath, 'bench/bare-server.ts', dbPath, String(port)], {
    stdout: 'ignore',
    stderr: 'inherit',
  })
  const url = `http://127.0.0.1:${port}`
  process.on('exit', () => p.kill())
  await Promise.race([
    waitFor(`${url}/`),
    p.exited.then((code) => {
      throw new Error(`bench/bare-server.ts exited with ${code} at start`)
    }),
  ])
  return {
    pid: p.pid,
    url,
    stop: async () => {
      p.kill()
      await p.exited
    },
  }
}

if (want('auth')) {
  console.log('auth: check-auth vs bare Bun.serve …')
  const server = await startBinary()
  const cookie = await signIn(server, 'bench@example.ch')
  const bare = await startBare(`${server.dataDir}/swisstax.db`)
  const r = sideBySide(
    { name: 'swisstax', pid: server.pid, url: `${server.url}/api/debug/check-auth`, headers: { Cookie: cookie } },
    { name: 'bare', pid: bare.pid, url: `${bare.url}/api/debug/check-auth`, headers: { Cookie: cookie } },
  )
  const ratio = r.a.cpuPerReq / r.b.cpuPerReq
  record(
    'auth',
    `## Authenticated GET /api/debug/check-auth (32 connections)

${ROUNDS_NOTE}

| | CPU µs/request | requests/s | p50 ms | p99 ms | errors |
|---|---|---|---|---|---|
| swisstax (Elysia, raw prepared statements) | ${row(r.a)} |
| bare Bun.serve + bun:sqlite | ${row(r.b)} |

- CPU ratio ${ratio.toFixed(2)}× (per round ${ratios(r)}; target ≤ 1.5×) ${verdict(ratio <= 1.5)}
- p99 ${r.a.p99.toFixed(2)} ms (target ≤ 10 ms) ${verdict(r.a.p99 <= 10)}
`,
  )
  await bare.stop()
  await server.stop()
  cleanup(server.dataDir)

  // Memory, three times: a freshly started server left alone for 2 s (no request but the start-up probe), then
  // signed in and under 10 s of load, and 5 s after the load (idle after use). Then, for scale, the same on the bare
  // server of the auth figure compiled the same way (--compile --bytecode), on the same database and session.
  const bareBinary = join(mkdtempSync(join(tmpdir(), 'swisstax-bare-')), 'bare-server')
  const compiled = Bun.spawnSync(
    [process.execPath, 'build', '--compile', '--bytecode', 'bench/bare-server.ts', '--outfile', bareBinary],
    { stdout: 'ignore', stderr: 'inherit' },
  )
  if (compiled.exitCode !== 0) throw new Error('compiling bench/bare-server.ts failed')
  type Resident = ReturnType<typeof residentMB>
  const ours: Resident[][] = [[], [], []]
  const bares: Resident[][] = [[], [], []]
  const rps: number[] = []
  // Functions loaded by the end, by part of the recorded bytecode order (GET /metrics): many outside the hot part
  // mean scripts/bytecode.order is stale (`npm run bytecode-order`), which costs idle memory.
  const order: Record<string, number>[] = []
  const METRICS_TOKEN = 'bench-memory-metrics-token'
  const phases = async (pid: number, url: string, cookie: () => Promise<string>, into: Resident[][]) => {
    await Bun.sleep(2000)
    into[0]!.push(residentMB(pid))
    const c = await cookie()
    const r = wrk(`${url}/api/debug/check-auth`, { seconds: 10, connections: 32, headers: { Cookie: c } })
    into[1]!.push(residentMB(pid))
    await Bun.sleep(5000)
    into[2]!.push(residentMB(pid))
    return { cookie: c, rps: r.rps }
  }
  for (let i = 0; i < 3; i++) {
    const s = await startBinary({ METRICS_TOKEN })
    const run = await phases(s.pid, s.url, () => signIn(s, 'bench@example.ch'), ours)
    rps.push(run.rps)
    const metrics = await (
      await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text()
    order.push(
      Object.fromEntries(
        [...metrics.matchAll(/^swisstax_bytecode_functions\{part="(\w+)"\} (\d+)$/gm)].map((m) => [
          m[1]!,
          Number(m[2]),
        ]),
      ),
    )
    await s.stop()
    const port = await freePort()
    const bare = Bun.spawn([bareBinary, `${s.dataDir}/swisstax.db`, String(port)], {
      stdout: 'ignore',
      stderr: 'inherit',
    })
    await waitFor(`http://127.0.0.1:${port}/`)
    await phases(bare.pid, `http://127.0.0.1:${port}`, async () => run.cookie, bares)
    bare.kill()
    await bare.exited
    cleanup(s.dataDir)
  }
  cleanup(dirname(bareBinary))
  // NaN (n/a, ❌) for an executable without the figure: built without the order, or before it was reported.
  const outside = order.map((o) =>
    o.hot === undefined ? Number.NaN : ((o.unknown ?? 0) + (o.cold ?? 0)) / (o.hot + (o.unknown ?? 0) + (o.cold ?? 0)),
  )
  const col = (rows: Resident[][], key: keyof Resident) => rows.map((r) => spread(r.map((x) => x[key]))).join(' | ')
  const [fresh, loaded, after] = ours.map((r) => median(r.map((x) => x.rss))) as [number, number, number]
  record(
    'memory',
    `## Server memory (RSS)

Three servers, each: started, left alone 2 s (fresh), signed in and loaded for 10 s with GET /api/debug/check-auth \
(32 connections, ${spread(rps, 0)} req/s), then 5 s without requests (after use). Then the same on the bare server of \
the auth figure (Bun.serve + bun:sqlite, no framework), compiled the same way, on that database and session. Median \
(min–max), MB. "Private" is anonymous memory (heaps, stacks, the JIT's code); "file pages" are the mapped pages of \
the executable (Bun's own machine code and data, the embedded app) and of libc, clean and shared with the page cache.

| | freshly started, idle | under load | idle after use (5 s later) |
|---|---|---|---|
| swisstax RSS | ${col(ours, 'rss')} |
| of which private | ${col(ours, 'anon')} |
| of which file pages | ${col(ours, 'file')} |
| bare Bun.serve RSS | ${col(bares, 'rss')} |
| of which private | ${col(bares, 'anon')} |

- freshly started idle ${f1(fresh)} MB (target ≤ 60 MB) ${verdict(fresh <= 60)}
- idle after use ${f1(after)} MB (target ≤ 60 MB) ${verdict(after <= 60)}
- under load ${f1(loaded)} MB (target ≤ 120 MB) ${verdict(loaded <= 120)}
- bytecode order (scripts/bytecode.order): ${order[0]?.hot ?? 'n/a'} functions loaded from its hot part, \
${order[0]?.unknown ?? 'n/a'} unknown to it, ${order[0]?.cold ?? 'n/a'} from its cold part; outside the hot part \
${spread(outside.map((x) => x * 100))} % (record again above 10 %) ${verdict(median(outside) <= 0.1)}
`,
  )
}

if (want('home')) {
  // Issue 3: the dashboard's polled endpoints. The year is the default one (previous calendar year).
  console.log('home: tax-status vs bare Bun.serve, the 304 path, the polling mix, 1,000 req/s …')
  const year = new Date().getFullYear() - 1
  const server = await startBinary()
  const cookie = await signIn(server, 'bench.home@example.ch')
  const bare = await startBare(`${server.dataDir}/swisstax.db`)
  const statusPath = `/api/tax-status?taxYear=${year}`
  const r = sideBySide(
    { name: 'swisstax', pid: server.pid, url: `${server.url}${statusPath}`, headers: { Cookie: cookie } },
    { name: 'bare', pid: bare.pid, url: `${bare.url}${statusPath}`, headers: { Cookie: cookie } },
  )
  await bare.stop()
  const ratio = r.a.cpuPerReq / r.b.cpuPerReq

  // The 304 path: the client's If-None-Match matches, no body goes out.
  const etag = (await fetch(`${server.url}${statusPath}`, { headers: { Cookie: cookie } })).headers.get('etag')!
  const n304 = rounds(server.pid, `${server.url}${statusPath}`, { Cookie: cookie, 'If-None-Match': etag })

  // The polling mix: the four endpoints the dashboard polls, in turn (bench/poll-mix.lua).
  const mix = rounds(server.pid, `${server.url}/`, { Cookie: cookie }, 'bench/poll-mix.lua', { TAX_YEAR: String(year) })

  // About 7,500 clients polling every 30 s: 1,000 requests per second at a fixed rate.
  const fixed = wrkFixedRate(`${server.url}${statusPath}`, {
    seconds: 10,
    rate: 1000,
    connections: 50,
    headers: { Cookie: cookie },
  })
  const fixedErrors = fixed.errors + fixed.non2xx
  await server.stop()
  cleanup(server.dataDir)

  record(
    'home',
    `## Dashboard polling (issue 3), 32 connections

${ROUNDS_NOTE} The fixed-rate line is one run.

| | CPU µs/request | requests/s | p50 ms | p99 ms | errors |
|---|---|---|---|---|---|
| GET ${statusPath}, swisstax | ${row(r.a)} |
| same lookups, bare Bun.serve + bun:sqlite | ${row(r.b)} |
| the 304 path (If-None-Match matches) | ${row(n304)} |
| polling mix: /api/user, /api/notifications, /api/tax-status, /api/files | ${row(mix)} |

- CPU ratio against the bare server ${ratio.toFixed(2)}× (per round ${ratios(r)}; target ≤ 1.5×)\
 ${verdict(ratio <= 1.5)}
- p99 of /api/tax-status ${r.a.p99.toFixed(2)} ms, of the mix ${mix.p99.toFixed(2)} ms (target ≤ 10 ms)\
 ${verdict(r.a.p99 <= 10 && mix.p99 <= 10)}
- fixed 1,000 requests/s for 10 s (wrk, 50 connections, bench/fixed-rate.lua): ${Math.round(fixed.rps)} req/s achieved\
 (target ≥ 950), p99 ${fixed.p99.toFixed(2)} ms (target ≤ 10 ms), ${fixedErrors} errors (target 0)\
 ${verdict(fixed.rps >= 950 && fixed.p99 <= 10 && fixedErrors === 0)}
`,
  )
}

if (want('coldstart')) {
  console.log('cold start …')
  // Start to first 200, on the data folder of an earlier start and on an empty one
  // (which also creates the key file, the database and runs every migration).
  const startOnce = async (dataDir: string) => {
    const port = await freePort()
    const t0 = performance.now()
    const p = Bun.spawn([BINARY], {
      env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
      stdout: 'ignore',
      stderr: 'ignore',
    })
    await waitFor(`http://127.0.0.1:${port}/manifest.webmanifest`, (s) => s === 200)
    const ms = performance.now() - t0
    p.kill()
    await p.exited
    return ms
  }
  const first = await startBinary()
  await first.stop()
  const existing: number[] = []
  const empty: number[] = []
  for (let i = 0; i < 9; i++) {
    existing.push(await startOnce(first.dataDir))
    const fresh = mkdtempSync(join(tmpdir(), 'swisstax-bench-empty-'))
    empty.push(await startOnce(fresh))
    cleanup(fresh)
  }
  cleanup(first.dataDir)
  const m = median(existing)
  const e = median(empty)
  record(
    'coldstart',
    `## Cold start of dist/swisstax to its first 200

Medians of 9 starts each; binary ${(statSync(BINARY).size / 1e6).toFixed(0)} MB, built with --bytecode.

| data folder | median | min | max |
|---|---|---|---|
| existing (an earlier start's) | ${f1(m)} ms | ${f1(Math.min(...existing))} ms | ${f1(Math.max(...existing))} ms |
| empty (key file, database and migrations made at start) | ${f1(e)} ms | ${f1(Math.min(...empty))} ms |\
 ${f1(Math.max(...empty))} ms |

- existing folder ${f1(m)} ms (target ≤ 150 ms) ${verdict(m <= 150)}
- empty folder ${f1(e)} ms (target ≤ 150 ms) ${verdict(e <= 150)}
`,
  )
}

if (want('login')) {
  console.log('login page weight …')
  const server = await startBinary()
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const page = await browser.newPage()
  const assets = new Set<string>()
  page.on('response', (r) => {
    const u = new URL(r.url())
    if (u.pathname.startsWith('/assets/')) assets.add(u.pathname)
  })
  await page.goto(`${server.url}/login`)
  await page.waitForLoadState('networkidle')
  await browser.close()
  const gz = (p: string) =>
    existsSync(`dist/client${p}.gz`) ? statSync(`dist/client${p}.gz`).size : statSync(`dist/client${p}`).size
  const js = [...assets].filter((a) => a.endsWith('.js'))
  const css = [...assets].filter((a) => a.endsWith('.css'))
  const jsKB = js.reduce((s, a) => s + gz(a), 0) / 1024
  const cssKB = css.reduce((s, a) => s + gz(a), 0) / 1024
  record(
    'login',
    `## What /login loads (gzip)

- JavaScript: **${f1(jsKB)} KB** in ${js.length} files (target ≤ 110 KB) ${verdict(jsKB <= 110)}
- CSS: **${f1(cssKB)} KB** in ${css.length} files (target ≤ 15 KB) ${verdict(cssKB <= 15)}
- Translations: fetched per language and namespace on demand (\`/locales/{lng}/{ns}.json\`), never bundled.
`,
  )
  await server.stop()
  cleanup(server.dataDir)
}

if (want('admin')) {
  // Issue 11: bench/admin.ts seeds 10,000 clients and prints its own table.
  console.log("admin: the experts' client list at 10,000 clients …")
  const run = Bun.spawnSync([process.execPath, 'bench/admin.ts'], {
    stdout: 'pipe',
    stderr: 'inherit',
    env: { ...process.env, BENCH_NO_BUILD: '1' },
  })
  if (run.exitCode !== 0) process.exit(1)
  record('admin', `${run.stdout.toString().replace(/^### /, '## ').trimEnd()}\n`)
}

if (want('pg')) {
  // Issue 24: bench/pg.ts runs two instances on PostgreSQL + S3 and prints its own table.
  console.log('pg: the polled GET on one and two instances, 50 MB upload vs bare PUT, the client list at 10,000 …')
  const run = Bun.spawnSync([process.execPath, 'bench/pg.ts'], {
    stdout: 'pipe',
    stderr: 'inherit',
    env: { ...process.env, BENCH_NO_BUILD: '1' },
  })
  const out = run.stdout.toString()
  const table = out.slice(out.indexOf('### PostgreSQL'))
  if (run.exitCode !== 0 || !table.startsWith('###')) {
    console.error(out)
    process.exit(1)
  }
  record('pg', `${table.replace(/^### /, '## ').trimEnd()}\n`)
}

if (want('documents')) {
  // Issue 4: bench/documents.ts runs its own servers and prints its own table.
  console.log('documents: 50 MB upload vs raw pipeline, peak RSS of one and of eight uploads, three rounds each …')
  const run = Bun.spawnSync([process.execPath, 'bench/documents.ts'], {
    stdout: 'pipe',
    stderr: 'inherit',
    env: { ...process.env, BENCH_NO_BUILD: '1' },
  })
  const out = run.stdout.toString()
  const table = out.slice(out.indexOf('### Documents'))
  if (run.exitCode !== 0 || !table.startsWith('###')) {
    console.error(out)
    process.exit(1)
  }
  record('documents', `${table.replace(/^### /, '## ').trimEnd()}\n`)
}

if (want('files')) {
  // Issue 28: bench/files-list.ts writes the files straight into the database and prints its own table.
  console.log('files: GET /api/files with 10 and 5,000 files, three rounds …')
  const run = Bun.spawnSync([process.execPath, 'bench/files-list.ts'], { stdout: 'pipe', stderr: 'inherit' })
  const out = run.stdout.toString()
  const table = out.slice(out.indexOf('### GET /api/files'))
  if (run.exitCode !== 0 || !table.startsWith('###')) {
    console.error(out)
    process.exit(1)
  }
  record('files', `${table.replace(/^### /, '## ').trimEnd()}\n`)
}

if (want('recognition')) {
  // Issue 14: bench/recognition.ts builds its corpus, runs the executable's worker and a server, prints its own table.
  console.log(
    'recognition: corpus accuracy per kind and form, time per page, worker memory, server p99 while OCR runs …',
  )
  const run = Bun.spawnSync(['nice', '-n', '19', process.execPath, 'bench/recognition.ts'], {
    stdout: 'pipe',
    stderr: 'inherit',
    env: { ...process.env, BENCH_NO_BUILD: '1' },
  })
  const out = run.stdout.toString()
  const table = out.slice(out.indexOf('### Recognition'))
  if (run.exitCode !== 0 || !table.startsWith('###')) {
    console.error(out)
    process.exit(1)
  }
  record('recognition', `${table.replace(/^### /, '## ').trimEnd()}\n`)
}

if (want('recognition-corpus')) {
  // Issue 25: bench/recognition-wide.ts builds the wide corpus's two parts, reads them with the executable's worker.
  console.log('recognition-corpus: the wide corpus, tuning and held-out parts, per kind, form and language …')
  const run = Bun.spawnSync(['nice', '-n', '19', process.execPath, 'bench/recognition-wide.ts'], {
    stdout: 'pipe',
    stderr: 'inherit',
    env: { ...process.env, BENCH_NO_BUILD: '1' },
  })
  const out = run.stdout.toString()
  const table = out.slice(out.indexOf('### Recognition on the wide corpus'))
  if (run.exitCode !== 0 || !table.startsWith('###')) {
    console.error(out)
    process.exit(1)
  }
  record('recognition-corpus', `${table.replace(/^### /, '## ').trimEnd()}\n`)
}

if (want('e-statement')) {
  // Issue 26: bench/e-statement.ts makes statements as the standard describes them and prints its own table.
  console.log('e-statement: decoding time per statement page, scans of a barcode sheet read …')
  const run = Bun.spawnSync(['nice', '-n', '19', process.execPath, 'bench/e-statement.ts'], {
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const out = run.stdout.toString()
  const table = out.slice(out.indexOf('### e-Steuerauszug'))
  if (run.exitCode !== 0 || !table.startsWith('###')) {
    console.error(out)
    process.exit(1)
  }
  record('e-statement', `${table.replace(/^### /, '## ').trimEnd()}\n`)
}

if (want('dossier')) {
  // Issue 26: bench/dossier.ts stores 200 MB of documents for one client's year and streams the expert's dossier.
  console.log("dossier: peak memory of the expert's dossier of a 200 MB year …")
  const run = Bun.spawnSync([process.execPath, 'bench/dossier.ts', '200'], { stdout: 'pipe', stderr: 'inherit' })
  const out = run.stdout.toString()
  const table = out.slice(out.indexOf('### Dossier'))
  if (run.exitCode !== 0 || !table.startsWith('###')) {
    console.error(out)
    process.exit(1)
  }
  record('dossier', `${table.replace(/^### /, '## ').trimEnd()}\n`)
}

if (want('hostile')) {
  // Issue 21: bench/hostile.ts uploads the outside probe's files while another person polls, prints its own table.
  console.log('hostile: hostile uploads while polling GET /api/tax-status, server and worker memory …')
  const run = Bun.spawnSync([process.execPath, 'bench/hostile.ts'], {
    stdout: 'pipe',
    stderr: 'inherit',
    env: { ...process.env, BENCH_NO_BUILD: '1' },
  })
  const out = run.stdout.toString()
  const table = out.slice(out.indexOf('### Hostile'))
  if (run.exitCode !== 0 || !table.startsWith('###')) {
    console.error(out)
    process.exit(1)
  }
  record('hostile', `${table.replace(/^### /, '## ').trimEnd()}\n`)
}

if (want('addresses')) {
  // Issue 12: bench/addresses.ts generates the register, imports it and prints its own table.
  console.log('addresses: import of 3 million building addresses, database growth, search p50/p99 …')
  const run = Bun.spawnSync([process.execPath, 'bench/addresses.ts'], {
    stdout: 'pipe',
    stderr: 'inherit',
    env: { ...process.env, BENCH_NO_BUILD: '1' },
  })
  const out = run.stdout.toString()
  const table = out.slice(out.indexOf('### Address'))
  if (run.exitCode !== 0 || !table.startsWith('###')) {
    console.error(out)
    process.exit(1)
  }
  record('addresses', `${table.replace(/^### /, '## ').trimEnd()}\n`)
}

if (want('lighthouse')) {
  // Issue 12: bench/lighthouse.ts runs Lighthouse (under Node) three times per page and prints its own table.
  console.log('lighthouse: /login and the dashboard, mobile, median of 3 …')
  const run = Bun.spawnSync([process.execPath, 'bench/lighthouse.ts'], {
    stdout: 'pipe',
    stderr: 'inherit',
    env: { ...process.env, BENCH_NO_BUILD: '1' },
  })
  const out = run.stdout.toString()
  const table = out.slice(out.indexOf('### Lighthouse'))
  if (run.exitCode !== 0 || !table.startsWith('###')) {
    console.error(out)
    process.exit(1)
  }
  record('lighthouse', `${table.replace(/^### /, '## ').trimEnd()}\n`)
}

if (want('binary-size')) {
  console.log('binary-size: what each part of dist/swisstax weighs …')
  record('binary-size', binarySize())
}

console.log(writeResults())
