// `npm test [-- unit|e2e]`: unit and API tests (on SQLite, then again on PostgreSQL at SWISSTAX_TEST_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/postgres), then the executable is built and the browser
// tests run against it. Each stage's output is streamed as it comes (the browser stage takes
// many minutes); the pass/fail counts are read from it on the way. Prints one closing line:
// "tests: N passed, N failed".
import { existsSync } from 'node:fs'

let passed = 0
let failed = 0
let running: { kill(): void } | undefined

/** Runs one stage, copying its output through as it arrives; true when it exited with 0. */
async function stage(
  label: string,
  cmd: string[],
  counts: 'bun-test' | 'one' = 'bun-test',
  env: Record<string, string> = {},
) {
  console.log(`\n=== ${label}: ${cmd.join(' ')}`)
  const proc = Bun.spawn(cmd, { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, FORCE_COLOR: '0', ...env } })
  running = proc
  // bun test writes its summary to stderr; both streams are kept (the tail is enough for the counts).
  let tail = ''
  const copy = async (from: ReadableStream<Uint8Array>, to: NodeJS.WriteStream) => {
    const decoder = new TextDecoder()
    for await (const chunk of from) {
      to.write(chunk)
      tail = (tail + decoder.decode(chunk, { stream: true })).slice(-20_000)
    }
  }
  await Promise.all([copy(proc.stdout, process.stdout), copy(proc.stderr, process.stderr)])
  const code = await proc.exited
  if (counts === 'one') {
    if (code === 0) passed += 1
    else failed += 1
    return code === 0
  }
  const p = Number(/^\s*(\d+) pass$/m.exec(tail)?.[1] ?? 0)
  const f = Number(/^\s*(\d+) fail$/m.exec(tail)?.[1] ?? 0)
  passed += p
  failed += f
  if (code !== 0 && f === 0) failed += 1 // a crash counts as a failure
  return code === 0
}

// Stop the stage's process too when the run is interrupted (Ctrl-C, a CI timeout).
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    running?.kill()
    process.exit(130)
  })

const only = process.argv[2]
if (only && only !== 'unit' && only !== 'e2e') {
  console.error(`unknown stage "${only}": npm test [-- unit|e2e]`)
  process.exit(2)
}
if (!only || only === 'unit') {
  await stage('type check', [process.execPath, 'x', 'tsc', '-p', '.'], 'one')
  // Biome: the formatter's verdict and the linter's, over every source file (biome.json).
  await stage('format and lint', [process.execPath, 'x', 'biome', 'check', '--max-diagnostics=50', '.'], 'one')
  await stage('unit and API tests', [process.execPath, 'test', '--timeout', '30000', 'src'])
  // The same suite on PostgreSQL + S3: every test app on a fresh database copied from a migrated template
  // (src/server/db/pg/test-databases.ts) and a prefix of its own on the S3 server of the test process
  // (src/server/infra/test-helpers.ts). .ci/run starts PostgreSQL when none answers.
  const pg = process.env.SWISSTAX_TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
  await stage(
    'unit and API tests on PostgreSQL + S3',
    [process.execPath, 'test', '--timeout', '30000', 'src'],
    'bun-test',
    { SWISSTAX_TEST_DATABASE_URL: pg, SWISSTAX_TEST_S3: '1' },
  )
}
if (!only || only === 'e2e') {
  const built = (await stage('build', [process.execPath, 'build.ts'], 'one')) && existsSync('dist/swisstax')
  if (built)
    await stage('browser tests (Chromium against dist/swisstax)', [
      process.execPath,
      'test',
      '--timeout',
      '120000',
      'e2e',
    ])
}
console.log(`\ntests: ${passed} passed, ${failed} failed`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
