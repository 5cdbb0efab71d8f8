// `npm test`: unit and API tests, then the executable is built and the browser
// tests run against it. Prints one closing line: "tests: N passed, N failed".
import { existsSync } from 'node:fs'

let passed = 0
let failed = 0

function run(label: string, cmd: string[]) {
  console.log(`\n=== ${label}: ${cmd.join(' ')}`)
  const proc = Bun.spawnSync(cmd, { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, FORCE_COLOR: '0' } })
  const out = proc.stdout.toString() + proc.stderr.toString()
  process.stdout.write(out)
  const p = Number(/^\s*(\d+) pass$/m.exec(out)?.[1] ?? 0)
  const f = Number(/^\s*(\d+) fail$/m.exec(out)?.[1] ?? 0)
  passed += p
  failed += f
  if (proc.exitCode !== 0 && f === 0) failed += 1 // a crash counts as a failure
  return proc.exitCode === 0
}

const only = process.argv[2]
if (!only || only === 'unit') {
  console.log('\n=== type check: tsc -p .')
  const tsc = Bun.spawnSync(['tsc', '-p', '.'], { stdout: 'pipe', stderr: 'pipe' })
  process.stdout.write(tsc.stdout.toString() + tsc.stderr.toString())
  if (tsc.exitCode === 0) passed += 1
  else failed += 1
}
if (!only || only === 'unit') {
  // Biome: the formatter's verdict and the linter's, over every source file (biome.json).
  console.log('\n=== format and lint: biome check')
  const biome = Bun.spawnSync([process.execPath, 'x', 'biome', 'check', '--max-diagnostics=50', '.'], {
    stdout: 'pipe',
    stderr: 'pipe',
  })
  process.stdout.write(biome.stdout.toString() + biome.stderr.toString())
  if (biome.exitCode === 0) passed += 1
  else failed += 1
}
if (!only || only === 'unit') run('unit and API tests', [process.execPath, 'test', '--timeout', '30000', 'src'])
if (!only || only === 'e2e') {
  const built = run('build', [process.execPath, 'build.ts']) && existsSync('dist/swisstax')
  if (built)
    run('browser tests (Chromium against dist/swisstax)', [process.execPath, 'test', '--timeout', '120000', 'e2e'])
}
console.log(`\ntests: ${passed} passed, ${failed} failed`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
