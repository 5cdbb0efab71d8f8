import { afterEach, describe, expect, test } from 'bun:test'
import { createPool, type Pool, workerEnv } from './pool'

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

test('the worker gets no secret: no key, password, token, mail, database or object store setting', () => {
  const given = {
    SWISSTAX_MASTER_KEY: 'k',
    SMTP_URL: 'smtp://u:p@h',
    METRICS_TOKEN: 't',
    DATABASE_URL: 'postgres://swisstax:secret@db/tax',
    PGPASSWORD: 'secret',
    STORAGE_URL: 's3://bucket',
    S3_SECRET_ACCESS_KEY: 's',
    S3_ACCESS_KEY_ID: 'a',
    AWS_SESSION_TOKEN: 'x',
    LANG: 'C.UTF-8',
    UPGRADE_NOTE: 'kept',
  }
  const saved = { ...process.env }
  Object.assign(process.env, given)
  try {
    const env = workerEnv({ memoryMB: 100, jobTimeoutMs: 1000 })
    expect(Object.keys(given).filter((k) => k in env)).toEqual(['LANG', 'UPGRADE_NOTE'])
    expect(JSON.stringify(env)).not.toContain('secret')
  } finally {
    for (const k of Object.keys(given)) if (!(k in saved)) delete process.env[k]
    Object.assign(process.env, saved)
  }
})
