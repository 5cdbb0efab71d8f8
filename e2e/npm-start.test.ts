// The operator's `npm start`: stopping it by its PID stops the server too (issue: it used to
// leave scripts/start.ts and dist/swisstax running, the port still answering).
import { expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { freePort } from './harness'

const ROOT = resolve(import.meta.dir, '..')

/** PIDs of the processes whose environment holds this DATA_DIR (npm, start.ts and the server). */
function processesWith(dataDir: string): number[] {
  const found: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      if (readFileSync(`/proc/${name}/environ`, 'latin1').split('\0').includes(`DATA_DIR=${dataDir}`))
        found.push(Number(name))
    } catch {
      /* gone, or not ours to read */
    }
  }
  return found
}

const answers = async (url: string) => {
  try {
    await fetch(`${url}/api/debug/check-auth`, { signal: AbortSignal.timeout(2_000) })
    return true
  } catch {
    return false
  }
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`${signal} to npm start's PID stops the server and frees the port`, async () => {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const dataDir = mkdtempSync(join(tmpdir(), 'swisstax-npm-start-'))
    const npm = Bun.spawn(['npm', 'start', '--silent'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url },
      stdout: 'ignore',
      stderr: 'ignore',
    })
    try {
      const until = Date.now() + 60_000
      while (!(await answers(url))) {
        if (Date.now() > until) throw new Error('npm start did not bring the server up in 60 s')
        await Bun.sleep(100)
      }
      // npm, the start script and the server itself.
      expect(processesWith(dataDir).length).toBeGreaterThanOrEqual(2)

      npm.kill(signal)
      await npm.exited
      const settled = Date.now() + 10_000
      while (processesWith(dataDir).length > 0 && Date.now() < settled) await Bun.sleep(50)
      expect(processesWith(dataDir)).toEqual([])
      expect(await answers(url)).toBe(false)
    } finally {
      for (const pid of processesWith(dataDir)) process.kill(pid, 'SIGKILL')
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 90_000)
}
