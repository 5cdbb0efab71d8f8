import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPool, type Pool } from './pool'

const pools: Pool[] = []
afterEach(() => {
  for (const p of pools.splice(0)) p.close()
})
const pool = (opts: Parameters<typeof createPool>[0] = {}) => {
  const p = createPool(opts)
  pools.push(p)
  return p
}
const note = (i: number) => new TextEncoder().encode(`Notiz ${i}`)

describe('workers are recycled for their memory', () => {
  test('above the limit after a job, the worker ends and the next job runs in a fresh process', async () => {
    // Every process holds more than 1 MB: each job leaves its worker above this limit.
    const p = pool({ recycleAboveMB: 1 })
    const first = await p.run('a.txt', note(1), 60_000)
    expect(first).toMatchObject({ ok: true, text: 'Notiz 1' })
    expect(first.rssNow).toBeGreaterThan(1024 * 1024)
    expect(first.rssNow).toBeLessThanOrEqual(first.rss)
    // Ended before the answer is handed on: no worker waits with its memory.
    expect(p.running).toBe(0)
    const second = await p.run('b.txt', note(2), 60_000)
    expect(second).toMatchObject({ ok: true, text: 'Notiz 2' })
    expect(second.pid).not.toBe(first.pid)
    expect(p.stats).toMatchObject({ started: 2, recycled: 2 })
  }, 60_000)

  test('below it (the default, 250 MB), one worker reads one job after the other and stays for the next', async () => {
    const p = pool()
    const first = await p.run('a.txt', note(1), 60_000)
    const second = await p.run('b.txt', note(2), 60_000)
    expect([first.ok, second.ok]).toEqual([true, true])
    expect(second.pid).toBe(first.pid)
    // The process's CPU time so far: it only grows within one worker.
    expect(second.cpuMs).toBeGreaterThanOrEqual(first.cpuMs)
    expect(p.running).toBe(1)
    expect(p.stats).toMatchObject({ started: 1, recycled: 0 })
  }, 60_000)

  test('a failed job is answered before its worker is recycled', async () => {
    const p = pool({ recycleAboveMB: 1 })
    const refused = await p.run('x.exe', note(1), 60_000)
    expect(refused).toMatchObject({ ok: false, unsupported: true })
    expect(p.stats.recycled).toBe(1)
    expect(p.running).toBe(0)
  }, 60_000)
})

describe("the worker's environment", () => {
  // What a server on PostgreSQL and S3 holds in its environment, and a setting nobody has thought of yet.
  const SECRETS = {
    DATABASE_URL: 'postgres://swisstax:db-password@db.internal:5432/swisstax',
    S3_ACCESS_KEY_ID: 'AKIA-TEST-ACCESS',
    S3_SECRET_ACCESS_KEY: 's3-secret-value',
    SWISSTAX_MASTER_KEY: Buffer.alloc(32, 3).toString('base64'),
    SMTP_URL: 'smtp://mail:smtp-password@mail.internal:587',
    METRICS_TOKEN: 'metrics-token-0123456789',
    SWISSTAX_NEW_SETTING: 'not for the worker',
  }

  test('holds no secret, nor any setting it was not meant to get: only PATH and its limits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swisstax-worker-env-'))
    const out = join(dir, 'env.json')
    const saved = Object.fromEntries(Object.keys(SECRETS).map((k) => [k, process.env[k]]))
    Object.assign(process.env, SECRETS)
    try {
      // A "worker" that writes down the environment it was started with, then ends.
      const dump = `require('fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(process.env))`
      const p = pool({ command: [process.execPath, '-e', dump], memoryMB: 300, jobTimeoutMs: 5000 })
      await expect(p.run('a.txt', note(1), 30_000)).rejects.toThrow()
      const env = JSON.parse(readFileSync(out, 'utf8')) as Record<string, string>
      const seen = JSON.stringify(env)
      for (const [name, value] of Object.entries(SECRETS)) {
        expect(env[name]).toBeUndefined()
        expect(seen).not.toContain(value)
      }
      expect(env.PATH).toBe(process.env.PATH!)
      expect(env.SWISSTAX_WORKER_MEMORY_BYTES).toBe(String(300 * 1024 * 1024))
      expect(env.SWISSTAX_WORKER_JOB_MS).toBe('5000')
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k]
        else process.env[k] = v
      }
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
