import { afterEach, describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

// The child's main thread is busy the whole time (as in synchronous OCR): only the watchdog's thread can end it.
const CHILD = join(import.meta.dir, 'fixtures', 'watchdog-child.ts')
const started: number[] = []
afterEach(() => {
  for (const pid of started.splice(0))
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      /* already gone */
    }
})

async function run(mode: 'memory' | 'time') {
  const t0 = performance.now()
  const p = Bun.spawn([process.execPath, CHILD, mode], { stdout: 'pipe', stderr: 'pipe' })
  started.push(p.pid)
  await p.exited
  return {
    signal: p.signalCode,
    stdout: await new Response(p.stdout).text(),
    stderr: await new Response(p.stderr).text(),
    ms: performance.now() - t0,
  }
}

/** A process is gone once it is reaped or a zombie (a container's init may not reap it). */
function alive(pid: number) {
  if (!existsSync(`/proc/${pid}/stat`)) return false
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}

describe('the watchdog ends a worker whose main thread is busy', () => {
  test('past its memory limit: SIGKILL, and the reason on stderr', async () => {
    const r = await run('memory')
    expect(r.stdout).toContain('busy')
    expect(r.stdout).not.toContain('survived')
    expect(r.signal).toBe('SIGKILL')
    expect(r.stderr).toContain(
      'watchdog: the document is too large to read: its reader passed its memory limit (150 MB)',
    )
  }, 30_000)

  test('past its time limit for one job', async () => {
    const r = await run('time')
    expect(r.stdout).not.toContain('survived')
    expect(r.signal).toBe('SIGKILL')
    expect(r.stderr).toContain('its reader passed its time limit')
    // 8 s of spinning if nothing ended it; generous for a shared machine.
    expect(r.ms).toBeLessThan(6_000)
  }, 30_000)

  test('when its parent (the server) is gone', async () => {
    const parent = Bun.spawn([process.execPath, CHILD, 'parent'], { stdout: 'pipe', stderr: 'inherit' })
    started.push(parent.pid)
    const reader = parent.stdout.getReader()
    let out = ''
    while (!/busy/.test(out)) {
      const { value, done } = await reader.read()
      if (done) break
      out += new TextDecoder().decode(value)
    }
    const child = Number(/child (\d+)/.exec(out)?.[1])
    started.push(child)
    expect(alive(child)).toBe(true)
    process.kill(parent.pid, 'SIGKILL')
    const until = Date.now() + 5_000
    while (alive(child) && Date.now() < until) await Bun.sleep(50)
    // It would spin for 20 s.
    expect(alive(child)).toBe(false)
  }, 30_000)
})
