// Benchmark helpers: processes on loopback, CPU time from /proc, wrk rounds.
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createServer } from 'node:net'

/** The executable measured: dist/swisstax, or BENCH_BINARY (an earlier build kept aside, for before/after). */
export const BINARY = resolve(process.env.BENCH_BINARY ?? 'dist/swisstax')
const CLK_TCK = 100

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

/** A figure of several runs: the median, then the lowest and highest run, e.g. "4.2 (3.9–5.1)". */
export const spread = (xs: number[], digits = 1) => {
  const ok = xs.filter(Number.isFinite)
  if (!ok.length) return 'n/a'
  const f = (n: number) => n.toFixed(digits)
  return `${f(median(ok))} (${f(Math.min(...ok))}–${f(Math.max(...ok))})`
}

export async function freePort(): Promise<number> {
  return new Promise((ok) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port
      srv.close(() => ok(port))
    })
  })
}

/** utime + stime of a process, in microseconds. */
export function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) / CLK_TCK) * 1e6
}

export function rssMB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) / 1024 : NaN
}

/** Resident memory split: private (anonymous) pages, and the pages of mapped files (the executable, libc). */
export function residentMB(pid: number): { rss: number; anon: number; file: number } {
  const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? Number.NaN)
  const rss = kb('Rss') / 1024
  const anon = kb('Anonymous') / 1024
  return { rss, anon, file: rss - anon }
}

export async function waitFor(url: string, ok = (s: number) => s > 0, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    try {
      if (ok((await fetch(url)).status)) return
    } catch {
      /* not up */
    }
    if (Date.now() > until) throw new Error(`${url} did not answer`)
    await Bun.sleep(5)
  }
}

export interface Proc {
  pid: number
  url: string
  port: number
  /** What the server wrote so far (stdout and stderr), as one string. */
  readonly log: string[]
  stop(): Promise<void>
  dataDir: string
}

/** Starts the executable in a fresh data folder (production mode, codes to the log). */
export async function startBinary(
  env: Record<string, string> = {},
  dataDir = mkdtempSync(join(tmpdir(), 'swisstax-bench-')),
): Promise<Proc> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  // The server's output goes to a file beside the data folder, read when asked (`log`). Not a pipe: while wrk runs,
  // this process waits in spawnSync and would not drain it, and a server writing its access log into a full pipe
  // stops answering (~250 requests in).
  const logFile = `${dataDir}.log`
  const out = openSync(logFile, 'w')
  const p = Bun.spawn([BINARY], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      ...env,
    },
    stdout: out,
    stderr: out,
  })
  closeSync(out)
  const readLog = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '')
  started.add(p)
  // A server that exits at start (a port in use, a refused setting) fails the section at once, with its
  // output, instead of being polled for a minute.
  await Promise.race([
    waitFor(`${url}/readyz`, (s) => s === 200),
    p.exited.then((code) => {
      throw new Error(`${BINARY} exited with ${code} at start:\n${readLog()}`)
    }),
  ])
  return {
    pid: p.pid,
    url,
    port,
    get log() {
      return [readLog()]
    },
    dataDir,
    async stop() {
      p.kill()
      await p.exited
      started.delete(p)
      rmSync(logFile, { force: true })
    },
  }
}

/** Servers still running when the bench ends, even by an error: stopped, so none is left holding a port or a core. */
const started = new Set<{ kill(): void }>()
process.on('exit', () => {
  for (const p of started) p.kill()
})

/** Signs a user in against a running binary by reading the code from its log. */
export async function signIn(server: Proc, email: string): Promise<string> {
  const r = await fetch(`${server.url}/api/auth/request-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  })
  if (r.status !== 200) throw new Error(`request-code ${r.status}`)
  let code: string | undefined
  for (let i = 0; i < 100 && !code; i++) {
    code = new RegExp(`login code for ${email.replace(/[.]/g, '\\.')}: (\\d{6})`).exec(server.log.join(''))?.[1]
    if (!code) await Bun.sleep(20)
  }
  const v = await fetch(`${server.url}/api/auth/verify-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, code }),
  })
  if (v.status !== 200) throw new Error(`verify-code ${v.status}`)
  return v.headers.get('set-cookie')!.split(';')[0]!
}

export interface WrkResult {
  rps: number
  p50: number
  p99: number
  requests: number
  errors: number
  non2xx: number
}

const ms = (v: string, unit: string) => Number(v) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1)

/** One closed-loop wrk run (wrkFixedRate below for a fixed rate). */
export function wrk(
  url: string,
  opts: {
    seconds: number
    connections: number
    headers?: Record<string, string>
    threads?: number
    script?: string
    env?: Record<string, string>
  },
): WrkResult {
  const args = wrkArgs(url, opts)
  return parseWrk(Bun.spawnSync(args, { env: { ...process.env, ...opts.env } }).stdout.toString())
}

/** wrk's arguments for a run (see wrk). */
function wrkArgs(url: string, opts: Parameters<typeof wrk>[1]): string[] {
  const args = ['wrk', '-t', String(opts.threads ?? 1), '-c', String(opts.connections), '-d', `${opts.seconds}s`]
  args.push('--latency')
  if (opts.script) args.push('-s', opts.script)
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}: ${v}`)
  args.push(url)
  return args
}

/** wrk without blocking this process: the bench uploads and samples memory while it runs. */
export async function wrkAsync(url: string, opts: Parameters<typeof wrk>[1]): Promise<WrkResult> {
  const p = Bun.spawn(wrkArgs(url, opts), { env: { ...process.env, ...opts.env }, stdout: 'pipe' })
  const out = await new Response(p.stdout).text()
  await p.exited
  return parseWrk(out)
}

function parseWrk(out: string): WrkResult {
  const lat = (p: string) => {
    const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s)`, 'm').exec(out)
    return m ? ms(m[1]!, m[2]!) : NaN
  }
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0)
  const errs = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p50: lat('50'),
    p99: lat('99'),
    requests,
    errors: errs ? errs.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
  }
}

/** wrk against a process, with that process's CPU time per request. */
export function measured(pid: number, url: string, opts: Parameters<typeof wrk>[1]) {
  const before = cpuMicros(pid)
  const r = wrk(url, opts)
  const cpu = cpuMicros(pid) - before
  return { ...r, cpuPerReq: r.requests ? cpu / r.requests : NaN }
}

export interface Side {
  name: string
  pid: number
  url: string
  headers?: Record<string, string>
  script?: string
}

/**
 * Side-by-side method of the issues: alternate A and B, each round a 1 s warm-up
 * then a measured run; medians over the rounds.
 */
export function sideBySide(a: Side, b: Side, { rounds = 3, seconds = 6, connections = 32 } = {}) {
  const runs: Record<string, ReturnType<typeof measured>[]> = { [a.name]: [], [b.name]: [] }
  for (let i = 0; i < rounds; i++) {
    for (const side of i % 2 ? [b, a] : [a, b]) {
      wrk(side.url, { seconds: 1, connections, headers: side.headers, script: side.script })
      runs[side.name]!.push(
        measured(side.pid, side.url, { seconds, connections, headers: side.headers, script: side.script }),
      )
    }
  }
  const summary = (name: string) => {
    const rs = runs[name]!
    return {
      runs: rs,
      cpuPerReq: median(rs.map((r) => r.cpuPerReq)),
      rps: median(rs.map((r) => r.rps)),
      p50: median(rs.map((r) => r.p50)),
      p99: median(rs.map((r) => r.p99)),
      errors: rs.reduce((s, r) => s + r.errors + r.non2xx, 0),
    }
  }
  return { a: summary(a.name), b: summary(b.name) }
}

export const cleanup = (dir: string) => rmSync(dir, { recursive: true, force: true })

/**
 * A fixed total rate from wrk alone (bench/fixed-rate.lua): `connections` clients, each
 * waiting between requests so that together they send `rate` requests per second. The
 * wait is calibrated on a 2 s run first (timers and latency make a plain C × 1000 / rate
 * fall short), and the achieved rate is reported, so a server that cannot keep up shows it.
 */
export function wrkFixedRate(
  url: string,
  opts: { seconds: number; rate: number; connections: number; headers?: Record<string, string> },
) {
  const run = (seconds: number, delayMs: number) =>
    wrk(url, {
      seconds,
      connections: opts.connections,
      headers: opts.headers,
      script: 'bench/fixed-rate.lua',
      env: { DELAY_MS: String(Math.max(1, Math.round(delayMs))) },
    })
  const nominal = (opts.connections * 1000) / opts.rate
  const calibration = run(2, nominal)
  // A calibration slowed by a busy machine must not turn into a burst: shorten the wait by a fifth at most.
  const delayMs = calibration.rps > 0 ? Math.max(0.8 * nominal, nominal * (calibration.rps / opts.rate)) : nominal
  return run(opts.seconds, delayMs)
}

/** Bytes of a file, or of every file under a folder (`skip`: names left out). */
export function bytesOf(path: string, skip = (_name: string) => false): number {
  const s = statSync(path)
  if (!s.isDirectory()) return skip(path) ? 0 : s.size
  return readdirSync(path).reduce((sum, name) => sum + bytesOf(join(path, name), skip), 0)
}

/**
 * The "binary-size" section: dist/swisstax is Bun's runtime with the bundle and the embedded files
 * appended. The runtime is the bun that compiled it (this process); the embedded parts are measured
 * at their sources, the bytecode by a build without it; the rest is the server's minified code and framing.
 */
export function binarySize(): string {
  const size = (n: number) => (n >= 100_000 ? `${(n / 1e6).toFixed(1)} MB` : `${(n / 1e3).toFixed(1)} KB`)
  const total = statSync(BINARY).size
  const parts: [string, number, string][] = [
    ['Bun runtime', statSync(process.execPath).size, `${process.execPath.split('/').slice(-3).join('/')}`],
    ['client (dist/client, with .gz siblings)', bytesOf('dist/client', (n) => n.endsWith('.map')), 'build.ts'],
    [
      'OCR language data (deu, fra, ita, eng; best_int, gzip)',
      ['deu', 'fra', 'ita', 'eng'].reduce(
        (sum, l) => sum + bytesOf(`node_modules/@tesseract.js-data/${l}/4.0.0_best_int/${l}.traineddata.gz`),
        0,
      ),
      'recognition/worker/ocr.ts',
    ],
    [
      'OCR engine (tesseract-core SIMD LSTM, WebAssembly inlined as base64)',
      bytesOf('node_modules/tesseract.js-core/tesseract-core-simd-lstm.wasm.js'),
      'recognition/worker/ocr.ts',
    ],
    [
      'JPEG decoder (jpeg-turbo WebAssembly)',
      bytesOf('node_modules/@cwasm/jpeg-turbo/jpeg-turbo.wasm'),
      'worker/jpeg.ts',
    ],
    ['migrations (SQL)', bytesOf('src/server/db/migrations', (n) => !n.endsWith('.sql')), 'db/migrations.gen.ts'],
    [
      'barcode reader (zxing-wasm reader WebAssembly, e-Steuerauszüge)',
      bytesOf('node_modules/zxing-wasm/dist/reader/zxing_reader.wasm'),
      'worker/e-statement/symbols.ts',
    ],
  ]
  // The bytecode (build.ts --bytecode, for start time and memory): the same build without it, compared.
  const plain = join(mkdtempSync(join(tmpdir(), 'swisstax-size-')), 'swisstax')
  const compiled = Bun.spawnSync(
    [process.execPath, 'build', '--compile', '--minify-whitespace', '--minify-syntax', '--sourcemap=none'].concat([
      'src/server/main.ts',
      '--outfile',
      plain,
    ]),
  )
  if (compiled.exitCode !== 0) throw new Error(`build without bytecode failed: ${compiled.stderr}`)
  parts.push(['bytecode of the server code (build.ts --bytecode)', total - statSync(plain).size, 'build.ts'])
  cleanup(join(plain, '..'))
  const known = parts.reduce((sum, [, n]) => sum + n, 0)
  parts.push(['the rest: server code (minified JS) with its libraries, framing', total - known, ''])
  // The budget: the runtime and the OCR data are what they are; what the project adds itself (code, bytecode, client,
  // the smaller WebAssembly modules) stays under OWN_BUDGET, and the whole under TOTAL_BUDGET.
  const TOTAL_BUDGET = 150_000_000
  const OWN_BUDGET = 30_000_000
  const ocrAndRuntime = parts
    .filter(([name]) => name.startsWith('Bun runtime') || name.startsWith('OCR '))
    .reduce((sum, [, n]) => sum + n, 0)
  const own = total - ocrAndRuntime
  const verdicts =
    `- the whole ${size(total)} (budget ≤ ${size(TOTAL_BUDGET)}) ${total <= TOTAL_BUDGET ? '✅' : '❌'}\n` +
    `- everything but the Bun runtime and the OCR engine and data: ${size(own)} (budget ≤ ${size(OWN_BUDGET)}) ` +
    `${own <= OWN_BUDGET ? '✅' : '❌'}\n`
  return `## Binary size

\`dist/swisstax\` on ${new Date().toISOString().slice(0, 10)}: **${size(total)}**. Parts measured at their sources \
(the runtime is the bun that built it); "the rest" is the difference.

| part | size | share | from |
| --- | ---: | ---: | --- |
${parts.map(([name, n, from]) => `| ${name} | ${size(n)} | ${((n / total) * 100).toFixed(1)} % | ${from} |`).join('\n')}

${verdicts}`
}

/** The experts' client list's query shapes the benches time (bench/admin.ts on SQLite, bench/pg.ts on PostgreSQL). */
export const clientListShapes = (year: number): [string, string][] => [
  ['newest activity first (page 1)', '/api/admin/users'],
  ['by name, page 100', '/api/admin/users?sort=name&page=100'],
  ['search "meier12"', '/api/admin/users?q=meier12'],
  ['search "MÜLLER1" (umlaut, any case)', `/api/admin/users?q=${encodeURIComponent('MÜLLER1')}`],
  ['search "example.ch" (every client)', '/api/admin/users?q=example.ch'],
  ['status 4 of the year', `/api/admin/users?status=4&taxYear=${year}`],
]
