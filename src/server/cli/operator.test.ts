// The operator's side of the probe's findings ("Also seen", issue 13): each failed before.
import { afterEach, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { onPostgres, testApp } from '../test-helpers'
import { createContext } from '../boot'
import { createApp } from '../app'
import { ORPHAN_GRACE_MS, sweepBlobLeftovers, type DiskBlobStore } from '../infra/blob-store'
import { testStorageEnv } from '../infra/test-helpers'
import { storedVersionCheck } from '../documents/lifecycle'
import { loadConfig } from '../config'
import { silentLogger } from '../log'
import { backup } from './backup'
import { rotateKeys } from './keys-rotate'
import { dataFiles, pdf, sha256, uploadForm } from '../documents/test-fixtures'

let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())

const upload = async (cookie: string, data: Uint8Array<ArrayBuffer>, name = 'salary.pdf') => {
  const res = await t.app.handle(
    new Request('http://localhost/api/files/upload', {
      method: 'POST',
      headers: { cookie },
      body: uploadForm([{ name, data }], { taxYear: 2025, categoryId: 1 }),
    }),
  )
  return { status: res.status, json: (await res.json()) as any }
}
const download = async (cookie: string, url: string, app = t.app) =>
  new Uint8Array(await (await app.handle(new Request(`http://localhost${url}`, { headers: { cookie } }))).arrayBuffer())
const reopen = (env: Record<string, string> = {}) =>
  createContext(loadConfig({ ...t.cliEnv, PUBLIC_URL: 'http://localhost:3000', ...env }), { log: silentLogger })

describe('the leftovers sweep', () => {
  // The data folder's layout; the bucket's sweep is infra/blob-store.test.ts's.
  test('nothing is swept at start; the scheduled sweep takes leftovers past the grace period only', async () => {
    t = await testApp({ STORAGE_URL: '' })
    const { cookie } = await t.signIn('a@example.ch')
    const stored = await upload(cookie, pdf('kept'))
    expect(stored.status).toBe(200)
    const before = dataFiles(t.dataDir)
    mkdirSync(join(t.dataDir, 'blobs', 'orphan-file'), { recursive: true })
    writeFileSync(join(t.dataDir, 'blobs', 'orphan-file', 'orphan-version'), 'left by a kill')
    writeFileSync(join((t.blobs as DiskBlobStore).root, before[0]!.split('/')[1]!, 'second-orphan'), 'x')
    writeFileSync(join(t.dataDir, 'tmp', 'crash.part'), 'half an upload')
    const leftovers = [...before, 'blobs/orphan-file/orphan-version', 'tmp/crash.part']
    leftovers.splice(1, 0, `blobs/${before[0]!.split('/')[1]!}/second-orphan`)
    await createApp(t.ctx) // a start: another process may be writing these right now
    expect(dataFiles(t.dataDir)).toEqual(leftovers)
    // The sweep within the grace period: a neighbour's upload in flight, or a blob its transaction commits now.
    const isKnown = await storedVersionCheck(t.ctx)
    expect(await sweepBlobLeftovers(t.ctx, t.blobs, isKnown)).toEqual({ temp: 0, orphans: 0 })
    expect(dataFiles(t.dataDir)).toEqual(leftovers)
    // Untouched for longer than the grace period: left by a kill. The stored blob stays, however old.
    const old = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000)
    for (const f of leftovers) utimesSync(join(t.dataDir, f), old, old)
    expect(await sweepBlobLeftovers(t.ctx, t.blobs, isKnown)).toEqual({ temp: 1, orphans: 2 })
    expect(dataFiles(t.dataDir)).toEqual(before)
    expect(await download(cookie, stored.json.files[0].value.blobUrl)).toEqual(pdf('kept'))
  })
})

// The key file in the data folder is SQLite's: with DATABASE_URL the master key is a required setting and no file is
// made (config.test.ts), so the tests of a missing, created or rotated key file skip on PostgreSQL.
describe('the master key', () => {
  test.skipIf(onPostgres)(
    'missing over stored documents: refuses to start, names the key file and SWISSTAX_MASTER_KEY, creates ' + 'no key',
    async () => {
      t = await testApp({ SWISSTAX_MASTER_KEY: '' })
      const { cookie } = await t.signIn('a@example.ch')
      expect((await upload(cookie, pdf())).status).toBe(200)
      rmSync(join(t.dataDir, 'master.key'))
      let message = ''
      try {
        await reopen()
      } catch (err) {
        message = (err as Error).message
      }
      expect(message).toContain(join(t.dataDir, 'master.key'))
      expect(message).toContain('SWISSTAX_MASTER_KEY')
      expect(existsSync(join(t.dataDir, 'master.key'))).toBe(false)
    },
  )
  test('wrong over stored documents: refuses to start', async () => {
    t = await testApp()
    const { cookie } = await t.signIn('a@example.ch')
    expect((await upload(cookie, pdf())).status).toBe(200)
    await expect(reopen({ SWISSTAX_MASTER_KEY: Buffer.alloc(32, 9).toString('base64') })).rejects.toThrow(
      /does not open the stored documents/,
    )
    const ok = await reopen({ SWISSTAX_MASTER_KEY: Buffer.alloc(32, 7).toString('base64') })
    ok.backend.close()
  })
  test.skipIf(onPostgres)('an empty data folder still gets a new key file (first start)', async () => {
    t = await testApp({ SWISSTAX_MASTER_KEY: '' })
    expect(statSync(join(t.dataDir, 'master.key')).mode & 0o777).toBe(0o600)
  })
  test.skipIf(onPostgres)(
    'keys rotate re-wraps every data key; the blob files are untouched and still open',
    async () => {
      t = await testApp({ SWISSTAX_MASTER_KEY: '' })
      const { cookie } = await t.signIn('a@example.ch')
      const a = await upload(cookie, pdf('one'), 'one.pdf')
      const b = await upload(cookie, pdf('two'), 'two.pdf')
      const blobs = await t.stored.list()
      expect(blobs).toHaveLength(2)
      const blobBytes = await Promise.all(blobs.map((f) => t.stored.read(f)))
      const oldKey = readFileSync(join(t.dataDir, 'master.key'), 'utf8')
      expect((await rotateKeys(t.ctx)).rotated).toBe(2)
      expect(readFileSync(join(t.dataDir, 'master.key'), 'utf8')).not.toBe(oldKey)
      expect(statSync(join(t.dataDir, 'master.key')).mode & 0o777).toBe(0o600)
      expect(await Promise.all((await t.stored.list()).map((f) => t.stored.read(f)))).toEqual(blobBytes)
      t.ctx.backend.close()
      const ctx = await reopen()
      const app = await createApp(ctx)
      const session = await (async () => {
        // sign in again through the real flow on the reopened folder
        const mails: string[] = []
        ctx.mailer.sendLoginCode = async (_to, code) => {
          mails.push(code)
        }
        await app.handle(
          new Request('http://localhost/api/auth/request-code', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'a@example.ch' }),
          }),
        )
        const res = await app.handle(
          new Request('http://localhost/api/auth/verify-code', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'a@example.ch', code: mails[0] }),
          }),
        )
        return res.headers.get('set-cookie')!.split(';')[0]!
      })()
      expect(await download(session, a.json.files[0].value.blobUrl, app)).toEqual(pdf('one'))
      expect(await download(session, b.json.files[0].value.blobUrl, app)).toEqual(pdf('two'))
      ctx.backend.close()
    },
  )
  test.skipIf(onPostgres)('a rotation cut off after its commit is finished at the next start', async () => {
    t = await testApp({ SWISSTAX_MASTER_KEY: '' })
    const { cookie } = await t.signIn('a@example.ch')
    expect((await upload(cookie, pdf())).status).toBe(200)
    const keyPath = join(t.dataDir, 'master.key')
    const oldKey = readFileSync(keyPath)
    await rotateKeys(t.ctx)
    // As if killed before the rename: the new key still in master.key.new, the old one in master.key.
    writeFileSync(`${keyPath}.new`, readFileSync(keyPath), { mode: 0o600 })
    writeFileSync(keyPath, oldKey, { mode: 0o600 })
    t.ctx.backend.close()
    const ctx = await reopen()
    ctx.backend.close()
    expect(existsSync(`${keyPath}.new`)).toBe(false)
    expect(readFileSync(keyPath)).not.toEqual(oldKey)
  })
})

describe('backup', () => {
  test.skipIf(!onPostgres)(
    'on PostgreSQL: refused, naming pg_dump and bucket versioning, nothing written',
    async () => {
      t = await testApp()
      const target = join(t.dataDir, 'copy.db')
      await expect(backup(t.ctx, target)).rejects.toThrow(/pg_dump.*bucket versioning/s)
      expect(readdirSync(t.dataDir).filter((f) => f.startsWith('copy'))).toEqual([])
    },
  )

  // SQLite's backup: a copy of the database file beside the blob folders.
  test.skipIf(onPostgres)('written 0600 (folders 0700); the key only with --with-key, also 0600', async () => {
    t = await testApp({ STORAGE_URL: '' })
    const { cookie } = await t.signIn('a@example.ch')
    expect((await upload(cookie, pdf())).status).toBe(200)
    const out = await backup(t.ctx, join(t.dataDir, 'copy.db'))
    expect(statSync(out.database).mode & 0o777).toBe(0o600)
    expect(statSync(out.blobs!).mode & 0o777).toBe(0o700)
    for (const f of dataFiles(out.blobs!)) expect(statSync(join(out.blobs!, f)).mode & 0o777).toBe(0o600)
    expect(out.key).toBeNull()
    expect(existsSync(`${out.database}.key`)).toBe(false)
    const withKey = await backup(t.ctx, join(t.dataDir, 'copy2.db'), { withKey: true })
    expect(statSync(withKey.key!).mode & 0o777).toBe(0o600)
    expect(readFileSync(withKey.key!, 'utf8').trim()).toBe(t.ctx.keys.master.toString('base64'))
  })

  // SQLite's backup with the blobs in S3 (PostgreSQL refuses backup: tested above).
  test.skipIf(onPostgres)(
    'with STORAGE_URL: the database only, and the bucket named (its versioning keeps the documents)',
    async () => {
      t = await testApp(await testStorageEnv())
      const { cookie } = await t.signIn('a@example.ch')
      expect((await upload(cookie, pdf())).status).toBe(200)
      const out = await backup(t.ctx, join(t.dataDir, 'copy.db'))
      expect(statSync(out.database).mode & 0o777).toBe(0o600)
      expect([out.blobs, out.texts]).toEqual([null, null])
      expect(out.bucket).toBe(`s3://${t.config.storage!.bucket}/${t.config.storage!.prefix}`)
      expect(existsSync(`${out.database}.blobs`)).toBe(false)
    },
  )
})

describe('storage quota (USER_QUOTA_MB)', () => {
  test(
    'an upload past the quota is 413 QUOTA_EXCEEDED and leaves nothing; at the limit the body is not even ' + 'read',
    async () => {
      t = await testApp({ USER_QUOTA_MB: String(3000 / 1024 / 1024) })
      const { cookie } = await t.signIn('a@example.ch')
      const big = pdf('x'.repeat(1400))
      expect((await upload(cookie, big, 'a.pdf')).status).toBe(200)
      const before = await t.stored.list()
      const over = await upload(cookie, pdf('y'.repeat(1700)), 'b.pdf')
      expect(over.status).toBe(413)
      expect(over.json.code).toBe('QUOTA_EXCEEDED')
      expect(await t.stored.list()).toEqual(before)
      expect((await upload(cookie, pdf('z'.repeat(1400)), 'c.pdf')).status).toBe(200)
      const full = await upload(cookie, pdf('w'), 'd.pdf')
      expect(full.status).toBe(413)
      expect(full.json.code).toBe('QUOTA_EXCEEDED')
      // Another person is not affected.
      const other = await t.signIn('b@example.ch')
      expect((await upload(other.cookie, pdf('w'), 'd.pdf')).status).toBe(200)
      expect(sha256(big)).toMatch(/^[0-9a-f]{64}$/)
    },
  )
})
