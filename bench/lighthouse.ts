// Lighthouse, mobile (issue 12), run by `npm run bench lighthouse`: /login and the signed-in
// dashboard, three runs each against dist/swisstax, medians. Lighthouse 12 runs under Node
// (Debian's chromium, headless); the session cookie reaches the dashboard through --extra-headers.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cleanup, median, signIn, startBinary } from './lib'

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync'

interface Run {
  performance: number
  accessibility: number
  bestPractices: number
  cls: number
  lcp: number
  tbt: number
}

function lighthouse(url: string, out: string, headers?: Record<string, string>): Run {
  const args = [
    'node_modules/lighthouse/cli/index.js',
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    '--chrome-path=/usr/bin/chromium',
    `--chrome-flags=${CHROME_FLAGS}`,
    '--only-categories=performance,accessibility,best-practices',
  ]
  if (headers) args.push(`--extra-headers=${JSON.stringify(headers)}`)
  const p = Bun.spawnSync(['node', ...args], {
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' },
  })
  if (p.exitCode !== 0) throw new Error(`lighthouse ${url}: ${p.stderr.toString().slice(-2000)}`)
  const r = JSON.parse(readFileSync(out, 'utf8'))
  return {
    performance: r.categories.performance.score * 100,
    accessibility: r.categories.accessibility.score * 100,
    bestPractices: r.categories['best-practices'].score * 100,
    cls: r.audits['cumulative-layout-shift'].numericValue,
    lcp: r.audits['largest-contentful-paint'].numericValue,
    tbt: r.audits['total-blocking-time'].numericValue,
  }
}

// LIGHTHOUSE_KEEP=DIR keeps the JSON reports there, to read the diagnostics.
const dir = process.env.LIGHTHOUSE_KEEP ?? mkdtempSync(join(tmpdir(), 'swisstax-lighthouse-'))
const server = await startBinary()
try {
  const cookie = await signIn(server, 'bench.lighthouse@example.ch')
  const put = (path: string, method: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie, origin: server.url },
      body: JSON.stringify(body),
    })
  // A registered person, so that / is the dashboard and not the first-time registration.
  if (
    (
      await put('/api/user/profile', 'PUT', {
        firstName: 'Bench',
        lastName: 'Mark',
        phone: '791234567',
        countryCode: '+41',
      })
    ).status !== 200
  )
    throw new Error('profile')
  if ((await put('/api/gtc/accept', 'POST', { accepted: true })).status !== 200) throw new Error('gtc')
  const rows: string[] = []
  const verdicts: string[] = []
  for (const [name, path, headers, perfTarget] of [
    ['/login', '/login', undefined, 95],
    ['dashboard /', '/', { Cookie: cookie }, 90],
  ] as const) {
    const runs: Run[] = []
    for (let i = 0; i < RUNS; i++) {
      console.error(`lighthouse ${name} run ${i + 1}/${RUNS} …`)
      runs.push(
        lighthouse(
          `${server.url}${path}`,
          join(dir, `${name.replace(/\W+/g, '')}-${i}.json`),
          headers as Record<string, string> | undefined,
        ),
      )
    }
    const m = (k: keyof Run) => median(runs.map((r) => r[k]))
    rows.push(
      `| ${name} | ${m('performance').toFixed(0)} (${runs.map((r) => r.performance.toFixed(0)).join(', ')}) | ` +
        `${m('lcp').toFixed(0)} ms | ${m('tbt').toFixed(0)} ms | ${m('cls').toFixed(3)} | ` +
        `${m('accessibility').toFixed(0)} | ${m('bestPractices').toFixed(0)} |`,
    )
    const ok = (b: boolean) => (b ? '✅' : '❌')
    verdicts.push(
      `- ${name}: performance ≥ ${perfTarget} ${ok(m('performance') >= perfTarget)}, CLS < 0.05 ` +
        `${ok(m('cls') < 0.05)}, accessibility 100 ${ok(m('accessibility') === 100)}, best practices ≥ 95 ` +
        `${ok(m('bestPractices') >= 95)}`,
    )
  }
  const load = (await Bun.file('/proc/loadavg').text()).split(' ')[0]
  console.log(`### Lighthouse, mobile (issue 12): median of ${RUNS} runs, headless Debian chromium, Lighthouse 12.8.2

| page | performance (runs) | LCP | TBT | CLS | accessibility | best practices |
|---|---|---|---|---|---|---|
${rows.join('\n')}

${verdicts.join('\n')}
- load average at the end: ${load} on ${navigator.hardwareConcurrency} cores (Lighthouse's simulated throttling \
scales with the machine's speed)
`)
} finally {
  await server.stop()
  cleanup(server.dataDir)
  if (!process.env.LIGHTHOUSE_KEEP) cleanup(dir)
}
