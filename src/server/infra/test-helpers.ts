// The S3 server of the tests: s3rver (npm), in this test process, on 127.0.0.1 at a free port, over a temporary
// folder. One per process, started at the first call; each test takes its own prefix of the one bucket.
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import { mkdir, rename } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createHash, randomUUID } from 'node:crypto'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/** s3rver's own account: it checks every request's signature against it. */
const ACCESS_KEY = 'S3RVER'
const SECRET_KEY = 'S3RVER'
export const TEST_BUCKET = 'swisstax-test'

/** SWISSTAX_TEST_S3=1: the in-process API tests (testApp) keep their blobs in S3 instead of the data folder. */
export const s3TestMode = () => ['1', 'true', 'yes'].includes(process.env.SWISSTAX_TEST_S3 ?? '')

interface Running {
  endpoint: string
  close(): Promise<void>
}
let running: Promise<Running> | undefined

async function start(): Promise<Running> {
  const directory = mkdtempSync(join(tmpdir(), 'swisstax-s3-'))
  process.on('exit', () => rmSync(directory, { recursive: true, force: true }))
  const { default: S3rver } = await import('s3rver')
  await readAfterWrite()
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  })
  const { port } = await server.run()
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * s3rver 3.7.1 answers a PUT once the body has gone through its hash, before the file holding it is written (its
 * FilesystemStore.putObject resolves on the Transform's 'finish'), so a GET right after may read an empty or
 * partial object: S3 itself reads its own writes. Its putObject is replaced, for this process, by one that
 * writes a temporary file and renames it into place before it answers.
 */
async function readAfterWrite() {
  const { default: FilesystemStore } = await import('s3rver/lib/stores/filesystem')
  FilesystemStore.prototype.putObject = async function putObject(object) {
    const objectPath = this.getResourcePath(object.bucket, object.key, 'object')
    await mkdir(dirname(objectPath), { recursive: true })
    const md5 = createHash('md5')
    let size = 0
    const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        md5.update(chunk)
        size += chunk.length
        callback(null, chunk)
      },
    })
    const part = `${objectPath}.${randomUUID()}.part`
    await pipeline(content, counted, createWriteStream(part))
    const digest = md5.digest('hex')
    await this.putMetadata(object.bucket, object.key, object.metadata, digest)
    await rename(part, objectPath)
    return { size, md5: digest }
  }
}

/** The process's S3 server, started on first use. */
export async function testS3Server(): Promise<Running> {
  running ??= start()
  return await running
}

/** Stops the process's S3 server (a later call of testS3Server starts a new one). */
export async function stopTestS3Server() {
  const r = running
  running = undefined
  await (await r)?.close()
}

/** The settings of a test's own bucket prefix on the process's S3 server (a fresh one on every call). */
export async function testStorageEnv(): Promise<Record<string, string>> {
  const { endpoint } = await testS3Server()
  return {
    STORAGE_URL: `s3://${TEST_BUCKET}/t-${randomUUID()}`,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: SECRET_KEY,
  }
}

/** A client of the bucket behind a test's storage settings, and the prefix (with its slash) the settings name. */
export function testBucket(storage: Record<string, string>): { bucket: Bun.S3Client; prefix: string } {
  const [name = '', ...rest] = storage.STORAGE_URL!.slice('s3://'.length).split('/')
  return {
    bucket: new Bun.S3Client({
      endpoint: storage.S3_ENDPOINT,
      bucket: name,
      accessKeyId: storage.S3_ACCESS_KEY_ID,
      secretAccessKey: storage.S3_SECRET_ACCESS_KEY,
      region: storage.S3_REGION,
    }),
    prefix: `${rest.join('/')}/`,
  }
}
