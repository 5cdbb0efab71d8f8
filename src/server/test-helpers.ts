// Shared by the in-process API tests: a fresh data folder with a real SQLite
// file, a clock the test can move, and a mailer that keeps the codes it "sent".
// With SWISSTAX_TEST_DATABASE_URL set (scripts/test.ts's PostgreSQL stage), each app gets a fresh PostgreSQL
// database instead (src/server/db/pg/test-databases.ts), dropped when it closes.
// With SWISSTAX_TEST_S3=1 the blobs go to a prefix of their own on the process's S3 server (infra/test-helpers.ts).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from './config'
import { createContext } from './boot'
import { createApp } from './app'
import { silentLogger } from './log'
import { openBlobStore } from './infra/blob-store'
import type { Mailer, OutgoingMail } from './infra/mailer'
import type { Asset } from './static/assets'
import { s3TestMode, testStorageEnv } from './infra/test-helpers'
import { dataFiles } from './documents/test-fixtures'
import type { Config } from './config'

export const T0 = Date.parse('2026-11-22T10:00:00Z')

/** The test run's PostgreSQL server (the whole suite runs a second time on it), or undefined: SQLite. */
export const testPostgresUrl = process.env.SWISSTAX_TEST_DATABASE_URL || undefined

/**
 * This run is the PostgreSQL one: a test that only means something on SQLite (its files, its pragmas, its one
 * writer) is skipped with `test.skipIf(onPostgres)` and a comment saying why.
 */
export const onPostgres = !!testPostgresUrl

/** A fresh database for one app: in PostgreSQL mode its DATABASE_URL and how to drop it; nothing on SQLite. */
export async function freshDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (!testPostgresUrl) return { env: {}, async drop() {} }
  const { testDatabase } = await import('./db/pg/test-databases')
  const db = await testDatabase(testPostgresUrl)
  return { env: { DATABASE_URL: db.url }, drop: db.drop }
}

/** `opts.send` replaces the outgoing-mail half of the mailer (e.g. real SMTP in the client-mail tests). */
export async function testApp(
  env: Record<string, string> = {},
  opts: { send?: Mailer['send']; recognition?: boolean; assets?: Map<string, Asset> } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'swisstax-test-'))
  const database = await freshDatabase()
  // A test about the data folder's own layout opts out with STORAGE_URL: ''.
  const storageEnv = s3TestMode() && env.STORAGE_URL === undefined ? await testStorageEnv() : {}
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    SWISSTAX_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
    ...database.env,
    ...storageEnv,
    ...env,
  })
  const clock = { now: T0 }
  const mails: { to: string; code: string; language: string }[] = []
  const sent: OutgoingMail[] = []
  const mailer: Mailer = {
    async sendLoginCode(to, code, language) {
      mails.push({ to, code, language })
    },
    send:
      opts.send ??
      (async (mail) => {
        sent.push(mail)
      }),
  }
  const ctx = await createContext(config, { now: () => clock.now, mailer, log: silentLogger })
  const blobs = await openBlobStore(ctx)
  const app = await createApp(ctx, opts.assets ?? new Map(), { blobs, recognition: opts.recognition })

  /** One request through app.handle: no network, no port. */
  async function request(
    method: string,
    path: string,
    opts: { body?: unknown; cookie?: string; headers?: Record<string, string>; raw?: BodyInit } = {},
  ) {
    const headers: Record<string, string> = { ...opts.headers }
    if (opts.cookie) headers.cookie = opts.cookie
    let body: BodyInit | undefined = opts.raw
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(opts.body)
    }
    const res = await app.handle(new Request(`http://localhost${path}`, { method, headers, body }))
    const text = await res.text()
    let json: any
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: res.status, headers: res.headers, text, json }
  }

  /** Signs in through the real code flow and returns the session cookie ("name=value"). */
  async function signIn(email: string) {
    const sent = await request('POST', '/api/auth/request-code', { body: { email } })
    if (sent.status !== 200) throw new Error(`request-code ${sent.status}: ${sent.text}`)
    const code = mails.findLast((m) => m.to === email.toLowerCase())!.code
    const verified = await request('POST', '/api/auth/verify-code', { body: { email, code } })
    if (verified.status !== 200) throw new Error(`verify-code ${verified.status}: ${verified.text}`)
    return {
      cookie: verified.headers.get('set-cookie')!.split(';')[0]!,
      user: verified.json.user as { id: number; email: string; role: string },
    }
  }

  /** Ends the app; in PostgreSQL mode its database is dropped in the background (WITH FORCE: nothing waits). */
  const close = () => {
    ctx.backend.close()
    rmSync(dataDir, { recursive: true, force: true })
    void database.drop().catch(() => {})
  }
  /** The settings a CLI process started on this app's data needs (DATA_DIR, the key, and on PostgreSQL the URL). */
  const cliEnv: Record<string, string> = {
    DATA_DIR: dataDir,
    SWISSTAX_MASTER_KEY: config.masterKey ?? '',
    ...database.env,
    ...storageEnv,
  }
  const stored = storedBytes(config)
  return { ctx, app, blobs, config, clock, mails, sent, request, signIn, close, dataDir, stored, storageEnv, cliEnv }
}

/**
 * What the instance keeps besides its database and key, by name relative to where it is kept: the data folder's
 * files ('blobs/<file>/<version>', 'recognition/blobs/…', 'tmp/<upload>.part') and, with STORAGE_URL, the
 * objects under the bucket's prefix (the same names). Tests check with it that a refused upload leaves nothing
 * and that no plaintext is stored, on either store.
 */
function storedBytes(config: Config) {
  const storage = config.storage
  const client =
    storage &&
    new Bun.S3Client({
      bucket: storage.bucket,
      endpoint: storage.endpoint,
      region: storage.region,
      accessKeyId: storage.accessKeyId,
      ...storage.secret(),
    })
  const prefix = storage?.prefix ?? ''
  return {
    async list(): Promise<string[]> {
      const names = dataFiles(config.dataDir)
      if (client)
        for (let token: string | undefined, first = true; first || token; first = false) {
          const page = await client.list({ prefix, continuationToken: token })
          for (const o of page.contents ?? []) names.push(o.key.slice(prefix.length))
          token = page.isTruncated ? page.nextContinuationToken : undefined
        }
      return names.sort()
    },
    async read(name: string): Promise<Buffer> {
      const path = join(config.dataDir, name)
      if (!client || dataFiles(config.dataDir).includes(name)) return readFileSync(path)
      return Buffer.from(await client.file(`${prefix}${name}`).bytes())
    },
    async write(name: string, bytes: Uint8Array) {
      if (!client || dataFiles(config.dataDir).includes(name)) writeFileSync(join(config.dataDir, name), bytes)
      else await client.write(`${prefix}${name}`, bytes)
    },
  }
}
