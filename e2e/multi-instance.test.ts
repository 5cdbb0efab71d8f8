// Issue 24: the same executable as two stateless instances on one PostgreSQL database and one S3 bucket, behind a
// round-robin proxy. First the seam's tests of e2e/instances.ts (as for two processes on one data folder), then
// what only this way has: no database file and no document bytes on an instance's disk, only ciphertext in the
// bucket, one session over both instances through the proxy, and a person's journey in the browser through it.
import { expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { a, b, EXPERT, instanceTests, smtpOf, type Topology, YEAR } from './instances'
import {
  adminSetStatus,
  apiSignIn,
  freePort,
  launchBrowser,
  newContext,
  registerViaApi,
  signInThroughUi,
} from './harness'
import { testDatabase } from '../src/server/db/pg/test-databases'
import { stopTestS3Server, testBucket, testStorageEnv } from '../src/server/infra/test-helpers'
import { pdf } from '../src/server/documents/test-fixtures'
import { MIGRATIONS } from '../src/server/db/pg/migrations.gen'

const PG = process.env.SWISSTAX_TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
/** Words of the documents the tests store: none may be readable on a disk or in the bucket. */
/** The journey's expert: the seam's experts asked for codes a moment ago (one code a minute per address). */
const JOURNEY_EXPERT = 'dritte@firm.ch'
const SECRETS = ['Lohnausweis 2025 Bruttolohn', '% lohn', '% journey']

let proxyUrl = ''
let dirs: string[] = []
let bucket: Bun.S3Client
let prefix = ''
const served = [0, 0]

/** `?` placeholders numbered for PostgreSQL ($1, $2, …); the tests' SQL has no `?` in its strings. */
const numbered = (sql: string) => {
  let n = 0
  return sql.replace(/\?/g, () => `$${++n}`)
}

/** Every file under a folder, with its path. */
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

async function objects(): Promise<string[]> {
  const keys: string[] = []
  for (let token: string | undefined, first = true; first || token; first = false) {
    const page = await bucket.list({ prefix, continuationToken: token })
    keys.push(...(page.contents ?? []).map((o) => o.key))
    token = page.isTruncated ? page.nextContinuationToken : undefined
  }
  return keys
}

/**
 * A round-robin proxy, as a load balancer in front of the instances: each request to the next instance, with the
 * peer's address appended to X-Forwarded-For (TRUST_PROXY=1 on the instances), the answer passed through untouched.
 */
function startProxy(port: number) {
  let next = 0
  return Bun.serve({
    port,
    hostname: '127.0.0.1',
    async fetch(req, server) {
      const i = next++ % 2
      served[i]! += 1
      const target = i === 0 ? a : b
      const url = new URL(req.url)
      const headers = new Headers(req.headers)
      headers.set('x-forwarded-for', server.requestIP(req)?.address ?? '127.0.0.1')
      return fetch(`${target.url}${url.pathname}${url.search}`, {
        method: req.method,
        headers,
        body: req.body,
        redirect: 'manual',
        decompress: false,
      })
    },
  })
}

instanceTests(
  'two instances of the executable on one PostgreSQL database and one S3 bucket',
  async (): Promise<Topology> => {
    const database = await testDatabase(PG, true) // empty: the instances' own migrations make it
    const storage = await testStorageEnv()
    ;({ bucket, prefix } = testBucket(storage))
    dirs = [mkdtempSync(join(tmpdir(), 'swisstax-pg-a-')), mkdtempSync(join(tmpdir(), 'swisstax-pg-b-'))]
    const proxyPort = await freePort()
    proxyUrl = `http://127.0.0.1:${proxyPort}`
    const proxy = startProxy(proxyPort)
    const sql = new Bun.SQL(database.url)
    return {
      migrations: MIGRATIONS.length,
      env: (i) => ({
        ADMIN_EMAILS: `${EXPERT},zweite@firm.ch,${JOURNEY_EXPERT}`,
        DATA_DIR: dirs[i]!,
        DATABASE_URL: database.url,
        PUBLIC_URL: proxyUrl,
        ...storage,
      }),
      async one<T>(text: string, ...params: (string | number)[]) {
        const rows = (await sql.unsafe(numbered(text), params)) as T[]
        return (rows[0] ?? null) as T
      },
      async storedBlobs() {
        return (await objects()).filter((key) => key.startsWith(`${prefix}blobs/`))
      },
      async stop() {
        proxy.stop(true)
        await sql.close()
        await database.drop()
        await stopTestS3Server()
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
      },
    }
  },
  () => {
    test('no database file and no document bytes on either instance`s disk', () => {
      const files = dirs.flatMap(walk)
      expect(files.filter((f) => /\.db(-wal|-shm)?$/.test(f))).toEqual([])
      for (const file of files) {
        const text = readFileSync(file, 'latin1')
        for (const secret of SECRETS) expect(text.includes(secret) ? file : '').toBe('')
      }
    })

    test('the bucket holds only ciphertext: every object is an encrypted blob, no stored words readable', async () => {
      const keys = await objects()
      expect(keys.filter((k) => k.startsWith(`${prefix}blobs/`)).length).toBeGreaterThan(5)
      for (const key of keys) {
        const bytes = Buffer.from(await bucket.file(key).bytes())
        expect(bytes.subarray(0, 6).toString('latin1')).toBe('STXB1\n')
        for (const secret of SECRETS) expect(bytes.includes(secret) ? key : '').toBe('')
      }
    })

    test('through the round-robin proxy one session works on both instances', async () => {
      const before = [...served]
      const cookie = await apiSignIn(proxyUrl, smtpOf(), 'rundlauf@example.ch')
      for (let i = 0; i < 6; i++)
        expect((await fetch(`${proxyUrl}/api/user`, { headers: { cookie } })).status).toBe(200)
      expect(served[0]! - before[0]!).toBeGreaterThan(3)
      expect(served[1]! - before[1]!).toBeGreaterThan(3)
    })

    test("a person's journey in the browser through the proxy: sign-in, upload, the file, a message", async () => {
      const browser = await launchBrowser()
      const work = mkdtempSync(join(tmpdir(), 'swisstax-journey-'))
      try {
        const path = join(work, 'Lohnausweis.pdf')
        writeFileSync(path, pdf('journey'))
        const context = await newContext(browser, { baseURL: proxyUrl, width: 360, height: 800 })
        const page = await context.newPage()
        const errors: string[] = []
        page.on('pageerror', (e) => errors.push(e.message))
        await signInThroughUi(page, smtpOf(), 'reise@example.ch')
        await page.waitForURL(/\/profile/)
        await registerViaApi(page)
        const user = (await page.evaluate(() => fetch('/api/user').then((r) => r.json()))) as { id: number }
        const expert = await apiSignIn(proxyUrl, smtpOf(), JOURNEY_EXPERT)
        await adminSetStatus(proxyUrl, expert, user.id, YEAR, 2)
        await page.goto('/')
        await page.getByRole('heading', { name: 'Required Tax Documents' }).waitFor()
        await page.getByRole('button', { name: /Upload Files/ }).click()
        const picker = page.getByRole('dialog', { name: 'Choose a document category' })
        await picker.getByLabel('Document category').selectOption({ label: 'Salary Statement' })
        const chooser = page.waitForEvent('filechooser')
        await picker.getByRole('button', { name: 'Continue' }).click()
        await (await chooser).setFiles(path)
        await page.getByText('Upload Successful').waitFor()
        // Reloaded (its reads now spread over both instances): the file is there, and downloads the same bytes.
        await page.reload()
        await page.getByText(`1 file for ${YEAR}`).click()
        const history = page.getByRole('dialog', { name: 'File History' })
        await history.getByText('Lohnausweis.pdf').waitFor()
        const downloading = page.waitForEvent('download')
        await history.getByRole('button', { name: 'Download' }).first().click()
        expect(readFileSync((await (await downloading).path())!)).toEqual(Buffer.from(pdf('journey')))
        await page.keyboard.press('Escape')
        await page.getByLabel('Your message').fill('Guten Tag, der Lohnausweis ist hochgeladen.')
        await page.getByRole('button', { name: 'Send Message' }).click()
        await page.getByText('Message sent successfully!').waitFor()
        expect(errors).toEqual([])
        await context.close()
        // The expert, on either instance, finds the message.
        const inbox = (await (
          await fetch(`${proxyUrl}/api/admin/messages`, { headers: { cookie: expert } })
        ).json()) as {
          userId: number
        }[]
        expect(inbox.some((m) => m.userId === user.id)).toBe(true)
      } finally {
        await browser.close()
        rmSync(work, { recursive: true, force: true })
      }
    }, 90_000)
  },
)
