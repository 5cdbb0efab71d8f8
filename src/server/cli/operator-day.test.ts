// Issue 27, an operator's day: the guards at start and the commands around them (in-process; the
// executable's side is e2e/operator.test.ts). Each failed before its change.
import { afterEach, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { onPostgres, testApp } from '../test-helpers'
import { createContext } from '../boot'
import { loadConfig } from '../config'
import { silentLogger } from '../log'
import { lockDataFolder } from '../data-lock'
import { repairKeys, rotateKeys } from './keys-rotate'
import { listAdmins, removeAdmin } from './admin'
import { grantAdmin } from '../users/roles'
import { queueUnread, retryFailedAfterUpgrade } from '../backfill'
import { pdf, uploadForm } from '../documents/test-fixtures'

let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())

const reopen = (overrides: { keyRepair?: boolean } = {}) =>
  createContext(loadConfig({ ...t.cliEnv, PUBLIC_URL: 'http://localhost:3000' }), {
    log: silentLogger,
    ...overrides,
  })
const upload = async (cookie: string, name: string) => {
  const res = await t.app.handle(
    new Request('http://localhost/api/files/upload', {
      method: 'POST',
      headers: { cookie },
      body: uploadForm([{ name, data: pdf(name) }], { taxYear: 2025, categoryId: 1 }),
    }),
  )
  expect(res.status).toBe(200)
  return ((await res.json()) as any).files[0].value as { id: string; blobUrl: string }
}

describe('servers share a data folder; the key commands need it alone', () => {
  test('two servers hold it together; keys rotate is refused beside one, and a server beside keys rotate', async () => {
    t = await testApp()
    const first = lockDataFolder(t.dataDir, 'start the server', 'shared')
    const second = lockDataFolder(t.dataDir, 'start the server', 'shared')
    expect(() => lockDataFolder(t.dataDir, 'rotate the keys', 'exclusive')).toThrow(
      /Refusing to rotate the keys: a swisstax server .* is using the data folder/,
    )
    first.release()
    expect(() => lockDataFolder(t.dataDir, 'rotate the keys', 'exclusive')).toThrow(/Refusing to rotate the keys/)
    second.release()
    const rotating = lockDataFolder(t.dataDir, 'rotate the keys', 'exclusive')
    expect(() => lockDataFolder(t.dataDir, 'start the server', 'shared')).toThrow(
      /Refusing to start the server: `swisstax keys rotate` or `keys repair` is running/,
    )
    rotating.release()
    lockDataFolder(t.dataDir, 'start the server', 'shared').release()
  })
})

describe('PostgreSQL: instances share the database; the key commands need it alone', () => {
  test.skipIf(!onPostgres)(
    'an advisory lock: shared by servers, exclusive for keys rotate, both ways refused',
    async () => {
      t = await testApp()
      const { lockDatabase } = await import('../db/pg/instance-lock')
      const url = t.config.databaseUrl!
      const first = await lockDatabase(url, 'start the server', 'shared')
      const second = await lockDatabase(url, 'start the server', 'shared')
      await expect(lockDatabase(url, 'rotate the keys', 'exclusive')).rejects.toThrow(
        /Refusing to rotate the keys: a swisstax server .* is using the database/,
      )
      first.release()
      await expect(lockDatabase(url, 'rotate the keys', 'exclusive')).rejects.toThrow(/Refusing to rotate the keys/)
      second.release()
      // The lock ends with its connection: wait until PostgreSQL has seen the second one go.
      let rotating: Awaited<ReturnType<typeof lockDatabase>> | undefined
      for (let i = 0; !rotating && i < 200; i++)
        rotating = await lockDatabase(url, 'rotate the keys', 'exclusive').catch(() =>
          Bun.sleep(10).then(() => undefined),
        )
      expect(rotating).toBeDefined()
      await expect(lockDatabase(url, 'start the server', 'shared')).rejects.toThrow(
        /Refusing to start the server: `swisstax keys rotate` or `keys repair` is running on the database/,
      )
      rotating!.release()
    },
  )
})

describe('schema', () => {
  test('a database migrated by a newer binary is refused before anything is written', async () => {
    t = await testApp()
    await t.ctx.backend.run('INSERT INTO __migrations (tag, applied_at) VALUES (?, 0)', '9999_from_the_future')
    expect(() => reopen()).toThrow(/upgraded by a newer swisstax \(migration 9999_from_the_future is unknown/)
  })
})

// The key file is SQLite's (PostgreSQL requires SWISSTAX_MASTER_KEY and makes none): skipped there.
describe('keys rotate on a running server (security finding 6)', () => {
  test.skipIf(onPostgres)(
    'uploads after it are under the old key: the start is refused, keys repair puts them right',
    async () => {
      t = await testApp({ SWISSTAX_MASTER_KEY: '' })
      const { cookie } = await t.signIn('a@example.ch')
      await upload(cookie, 'before.pdf')
      const previous = Buffer.from(readFileSync(join(t.dataDir, 'master.key'), 'utf8').trim(), 'base64')
      await rotateKeys(t.ctx) // as if run beside the server: the running app keeps the old key
      await upload(cookie, 'after.pdf')
      await expect(reopen()).rejects.toThrow(
        /opens the older documents but not the newest.*keys repair PREVIOUS_KEY_FILE/,
      )
      const repairing = await reopen({ keyRepair: true })
      expect(await repairKeys(repairing, previous)).toEqual({ rewrapped: 1, total: 2 })
      repairing.backend.close()
      ;(await reopen()).backend.close()
    },
  )
})

describe('admins', () => {
  test('admin list names every admin; the last one cannot be removed', async () => {
    t = await testApp()
    await grantAdmin(t.ctx, 'one@firm.ch')
    await grantAdmin(t.ctx, 'two@firm.ch')
    expect((await listAdmins(t.ctx)).map((a) => a.email)).toEqual(['one@firm.ch', 'two@firm.ch'])
    await removeAdmin(t.ctx, 'two@firm.ch')
    expect(() => removeAdmin(t.ctx, 'One@Firm.ch')).toThrow(/one@firm.ch is the last admin/)
    expect((await listAdmins(t.ctx)).map((a) => a.email)).toEqual(['one@firm.ch'])
  })
})

describe('documents never read', () => {
  test('a document without a recognition row (stored before recognition) is queued at start, once', async () => {
    t = await testApp()
    const { cookie } = await t.signIn('a@example.ch')
    const file = await upload(cookie, 'old.pdf')
    await upload(cookie, 'read.pdf')
    await t.ctx.backend.run('DELETE FROM recognitions WHERE file_id = ?', file.id)
    expect(await queueUnread(t.ctx)).toBe(1)
    expect(await queueUnread(t.ctx)).toBe(0)
    const row = await t.ctx.backend.get('SELECT status FROM recognitions WHERE file_id = ?', file.id)
    expect(row).toEqual({ status: 'pending' })
  })

  test('after an upgrade failed reads are tried again, once; a first start or the same version: none', async () => {
    t = await testApp()
    const { cookie } = await t.signIn('a@example.ch')
    const failed = await upload(cookie, 'failed.pdf')
    const fine = await upload(cookie, 'fine.pdf')
    const status = async (id: string) =>
      (await t.ctx.backend.get<{ status: string }>('SELECT status FROM recognitions WHERE file_id = ?', id))!.status
    await t.ctx.backend.run("UPDATE recognitions SET status = 'failed', attempts = 3 WHERE file_id = ?", failed.id)
    await t.ctx.backend.run("UPDATE recognitions SET status = 'done' WHERE file_id = ?", fine.id)
    expect(await retryFailedAfterUpgrade(t.ctx, '1.0.0')).toBe(0) // the first start on this folder
    expect(await retryFailedAfterUpgrade(t.ctx, '1.0.0')).toBe(0) // the same version again
    expect(await status(failed.id)).toBe('failed')
    expect(await retryFailedAfterUpgrade(t.ctx, '1.1.0')).toBe(1) // an upgrade
    expect([await status(failed.id), await status(fine.id)]).toEqual(['pending', 'done'])
    expect(await retryFailedAfterUpgrade(t.ctx, '1.1.0')).toBe(0)
  })
})
