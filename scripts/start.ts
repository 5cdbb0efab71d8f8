// `npm start`: build the executable if it is missing or older than the sources, then run it.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const BIN = 'dist/swisstax'
const newest = (path: string): number => {
  const s = statSync(path)
  if (!s.isDirectory()) return s.mtimeMs
  return Math.max(s.mtimeMs, ...readdirSync(path).map((n) => newest(join(path, n))))
}
const sources = ['src', 'locales', 'assets', 'build.ts', 'package.json']
if (!existsSync(BIN) || sources.some((s) => existsSync(s) && newest(s) > statSync(BIN).mtimeMs)) {
  const build = Bun.spawnSync([process.execPath, 'build.ts'], { stdout: 'inherit', stderr: 'inherit' })
  if (build.exitCode !== 0) process.exit(build.exitCode ?? 1)
}
const proc = Bun.spawn([BIN, ...process.argv.slice(2)], { stdout: 'inherit', stderr: 'inherit', stdin: 'inherit' })
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => proc.kill(sig))
process.exit(await proc.exited)
