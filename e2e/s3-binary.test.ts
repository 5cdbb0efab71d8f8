// The executable with STORAGE_URL (README "Storage in S3"): documents and what recognition read from them are
// objects of the bucket, ciphertext only; the data folder keeps the database alone; the recognition worker's
// environment holds none of the server's secrets; an account's deletion empties its part of the bucket.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { createHash } from 'node:crypto'
import { apiSignIn, startServer, startSmtp, type Server, type Smtp } from './harness'
import { stopTestS3Server, testBucket, testStorageEnv } from '../src/server/infra/test-helpers'

const SECRET_TEXT = 'Lohnausweis 2025 AHV 756.1234.5678.97 Bruttolohn total 98765'
let smtp: Smtp, server: Server, storage: Record<string, string>, bucket: Bun.S3Client, prefix: string
beforeAll(async () => {
  storage = await testStorageEnv()
  ;({ bucket, prefix } = testBucket(storage))
  smtp = await startSmtp()
  server = await startServer({
    SMTP_URL: smtp.url,
    SWISSTAX_MASTER_KEY: Buffer.alloc(32, 5).toString('base64'),
    ...storage,
  })
})
afterAll(async () => {
  await server?.stop()
  await smtp?.stop()
  await stopTestS3Server()
})

const objects = async () =>
  ((await bucket.list({ prefix })).contents ?? []).map((o) => o.key.slice(prefix.length)).sort()

/** The server's recognition worker: a child process started as `swisstax recognition-worker`. */
function workerPid(): number | undefined {
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === server.proc.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('recognition-worker'))
        return Number(pid)
    } catch {}
  }
}

test('an upload is an object of the bucket, read back whole; its text is recognised and stored there too', async () => {
  const cookie = await apiSignIn(server.url, smtp, 's3@example.ch')
  const data = new TextEncoder().encode(SECRET_TEXT)
  const form = new FormData()
  form.append('files', new Blob([data]), 'lohn.txt')
  form.append('hashes[]', createHash('sha256').update(data).digest('hex'))
  form.append('taxYear', String(new Date().getUTCFullYear() - 1))
  form.append('categoryId', '1')
  const up = await fetch(`${server.url}/api/files/upload`, {
    method: 'POST',
    headers: { cookie, origin: server.url },
    body: form,
  })
  expect(up.status).toBe(200)
  const { id, blobUrl } = (await up.json()).files[0].value
  const content = await fetch(`${server.url}${blobUrl}`, { headers: { cookie } })
  expect(await content.text()).toBe(SECRET_TEXT)

  let answer: { status: string } = { status: 'pending' }
  for (const until = Date.now() + 60_000; answer.status === 'pending' && Date.now() < until; await Bun.sleep(100))
    answer = await (await fetch(`${server.url}/api/files/${id}/recognition`, { headers: { cookie } })).json()
  expect(answer.status).toBe('done')
  const text = await (await fetch(`${server.url}/api/files/${id}/recognition/text`, { headers: { cookie } })).json()
  expect(text.text).toContain('Bruttolohn total')

  // In the bucket: the document and its text, ciphertext only.
  const stored = await objects()
  expect(stored).toEqual([
    expect.stringMatching(new RegExp(`^blobs/${id}/[0-9a-f-]{36}$`)),
    expect.stringMatching(new RegExp(`^recognition/blobs/${id}/[0-9a-f-]{36}$`)),
  ])
  for (const key of stored) {
    const bytes = Buffer.from(await bucket.file(`${prefix}${key}`).bytes())
    for (const word of ['Lohnausweis', '756.1234', 'Bruttolohn']) expect(bytes.includes(word)).toBe(false)
  }
  // On the instance's disk: the database, nothing else.
  const files = (readdirSync(server.dataDir, { recursive: true }) as string[]).filter((f) =>
    statSync(join(server.dataDir, f)).isFile(),
  )
  expect(files.filter((f) => !f.startsWith('swisstax.db') && f !== 'swisstax.lock')).toEqual([])

  // The worker that read it (idle now, kept for the next document) knows no secret of the server's.
  const pid = workerPid()
  expect(pid).toBeNumber()
  const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')
  const names = environ.map((e) => e.split('=')[0])
  for (const name of ['SWISSTAX_MASTER_KEY', 'S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID', 'STORAGE_URL', 'SMTP_URL'])
    expect(names).not.toContain(name)
  expect(environ.join('\n')).not.toContain(Buffer.alloc(32, 5).toString('base64'))

  // The start names the bucket; no log line has its key or secret (s3rver's are both "S3RVER").
  const log = server.log.join('')
  expect(log).toContain(`${storage.STORAGE_URL}/ at ${storage.S3_ENDPOINT}`)
  expect(log).not.toContain(storage.S3_SECRET_ACCESS_KEY!)

  // The account's deletion takes its objects with it.
  const gone = await fetch(`${server.url}/api/user`, {
    method: 'DELETE',
    headers: { cookie, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ confirmEmail: 's3@example.ch' }),
  })
  expect(gone.status).toBe(200)
  expect(await objects()).toEqual([])
}, 120_000)
