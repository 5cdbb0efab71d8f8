import { mkdirSync, rmSync } from 'node:fs'
import { open } from 'node:fs/promises'
import type { S3Client, S3File } from 'bun'
import type { StorageConfig } from '../config'
import { beginBlob, decryptStream, keyWrapper, streamSource } from './blob-crypto'
import { ORPHAN_GRACE_MS, safeId, sweepTempDir, type BlobStore, type StoredBlob } from './blob-store'

/**
 * Parts of a multipart upload: a 50 MB document goes up in 7 parts, 4 at a time. Parts a killed instance left
 * behind are not objects; the bucket's rule "abort incomplete multipart uploads after 1 day" removes them (README).
 */
const PART_SIZE = 8 * 1024 * 1024
const PARTS_AT_ONCE = 4
/** What the upload reads from the temporary file at a time. */
const READ_SIZE = 1024 * 1024
/** ListObjectsV2's page. */
const PAGE = 1000

export interface S3BlobStore extends BlobStore {
  readonly kind: 's3'
  readonly client: S3Client
  /** The object's key: <prefix>/<place>/blobs/<fileId>/<versionId>. */
  keyOf(fileId: string, versionId: string): string
}

/**
 * Blobs as objects of an S3-compatible bucket (STORAGE_URL=s3://bucket/prefix, docs/storage.md), with Bun's own
 * client. Only ciphertext leaves the instance: the upload is encrypted into `tmpDir` on this instance's disk
 * (blob-crypto.ts), and `commit` PUTs that file (multipart past PART_SIZE), then removes it. A read is one GET
 * whose body is decrypted frame by frame as the answer is sent.
 */
export function createS3BlobStore(storage: StorageConfig, place: string, tmpDir: string, master: Buffer): S3BlobStore {
  mkdirSync(tmpDir, { recursive: true, mode: 0o700 })
  const client = new Bun.S3Client({
    bucket: storage.bucket,
    endpoint: storage.endpoint,
    region: storage.region,
    accessKeyId: storage.accessKeyId,
    ...storage.secret(),
  })
  const { wrap, unwrap } = keyWrapper(master)
  const root = `${storage.prefix}${place ? `${place}/` : ''}blobs/`
  const keyOf = (fileId: string, versionId: string) => `${root}${safeId(fileId)}/${safeId(versionId)}`
  const listUnder = (prefix: string) => listPages(client, prefix)

  return {
    kind: 's3',
    location: `s3://${storage.bucket}/${root}`,
    tmpDir,
    client,
    keyOf,
    begin: () => beginBlob(tmpDir, wrap),
    async commit(writer, fileId, versionId) {
      await upload(client.file(keyOf(fileId, versionId)), writer.tmpPath)
      rmSync(writer.tmpPath, { force: true })
    },
    read: (fileId, versionId, wrappedKey) =>
      decryptStream(async () => streamSource(client.file(keyOf(fileId, versionId)).stream()), unwrap(wrappedKey)),
    async removeFile(fileId) {
      for await (const { key } of listUnder(`${root}${safeId(fileId)}/`)) await remove(client, key)
    },
    async removeVersion(fileId, versionId) {
      await remove(client, keyOf(fileId, versionId))
    },
    async list() {
      const out: StoredBlob[] = []
      for await (const { key, modifiedMs } of listUnder(root)) {
        const ids = idsOf(key.slice(root.length))
        if (ids) out.push({ ...ids, modifiedMs })
      }
      return out
    },
    readStored: async (fileId, versionId) => await client.file(keyOf(fileId, versionId)).bytes(),
    sweepTemp: async (graceMs = ORPHAN_GRACE_MS) => sweepTempDir(tmpDir, graceMs),
    async sweepOrphans(isKnown, graceMs = ORPHAN_GRACE_MS) {
      let n = 0
      const before = Date.now() - graceMs
      for await (const { key, modifiedMs } of listUnder(root)) {
        const ids = idsOf(key.slice(root.length))
        // Only what this store wrote (two ids): anything else under the prefix is not ours to delete.
        if (!ids || isKnown(ids.fileId, ids.versionId) || (graceMs > 0 && modifiedMs > before)) continue
        await remove(client, key)
        n++
      }
      return n
    },
  }
}

/**
 * The temporary file, a megabyte at a time, each written once the client has room for it: the parts in flight
 * (PARTS_AT_ONCE × PART_SIZE) are all it holds. `client.write(key, Bun.file(…))` held the whole file besides
 * (peak RSS +130 MB for 50 MB, against +25 MB this way).
 */
async function upload(object: S3File, path: string) {
  const sink = object.writer({ type: 'application/octet-stream', partSize: PART_SIZE, queueSize: PARTS_AT_ONCE })
  const file = await open(path, 'r')
  try {
    const buf = Buffer.allocUnsafe(READ_SIZE)
    for (;;) {
      const { bytesRead } = await file.read(buf, 0, READ_SIZE, null)
      if (bytesRead === 0) break
      sink.write(buf.subarray(0, bytesRead))
      await sink.flush()
    }
    await sink.end()
  } finally {
    await file.close()
  }
}

/** Every object under a prefix, a page at a time (deleting what was listed does not disturb the next page). */
export async function* listPages(client: Pick<S3Client, 'list'>, prefix: string, maxKeys = PAGE) {
  let continuationToken: string | undefined
  do {
    const page = await client.list({ prefix, maxKeys, continuationToken })
    for (const o of page.contents ?? [])
      yield { key: o.key, modifiedMs: o.lastModified ? Date.parse(o.lastModified) : Date.now() }
    continuationToken = page.isTruncated ? page.nextContinuationToken : undefined
  } while (continuationToken)
}

/** A delete that finds nothing has nothing left to do. */
async function remove(client: S3Client, key: string) {
  try {
    await client.delete(key)
  } catch (err) {
    if ((err as { code?: string }).code !== 'NoSuchKey') throw err
  }
}

function idsOf(rest: string): { fileId: string; versionId: string } | null {
  const m = /^([A-Za-z0-9-]{1,64})\/([A-Za-z0-9-]{1,64})$/.exec(rest)
  return m ? { fileId: m[1]!, versionId: m[2]! } : null
}
