import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
} from 'node:fs'
import { open } from 'node:fs/promises'
import { join } from 'node:path'
import type { AppContext } from '../context'
import { beginBlob, decryptStream, keyWrapper, type BlobWriter, type CipherSource } from './blob-crypto'

export { BlobCorruptError, CHUNK, keyWrapper, type BlobWriter } from './blob-crypto'

/**
 * Encrypted blobs (docs/storage.md): on this instance's disk by default, in an S3 bucket with STORAGE_URL
 * (blob-store-s3.ts). Either way an upload is encrypted into a temporary file on this instance's disk first
 * (blob-crypto.ts), and `commit` puts it where it is kept before its row commits: a crash never leaves a row
 * without its blob, and a blob without a row is swept once it is older than the grace period.
 */
export interface BlobStore {
  readonly kind: 'disk' | 's3'
  /** Where the blobs are kept, for messages: a folder, or s3://bucket/prefix (never a secret). */
  readonly location: string
  /** This instance's temporary files (uploads being written or waiting for their commit). */
  readonly tmpDir: string
  /** Starts a temporary encrypted blob; feed plaintext, then finish or discard. */
  begin(): BlobWriter
  /** Stores a finished temporary blob as <fileId>/<versionId> (durably: fsynced, or the PUT answered). */
  commit(writer: BlobWriter, fileId: string, versionId: string): Promise<void>
  /** Decrypted content of a stored blob, streamed chunk by chunk (one GET on S3). */
  read(fileId: string, versionId: string, wrappedKey: string): ReadableStream<Uint8Array>
  /** Removes every version of a file. */
  removeFile(fileId: string): Promise<void>
  removeVersion(fileId: string, versionId: string): Promise<void>
  /** Every stored blob, with when it was last written: for the orphan sweep, checks and tests. */
  list(): Promise<StoredBlob[]>
  /** A stored blob's bytes as kept (ciphertext): for checks and tests, never served. */
  readStored(fileId: string, versionId: string): Promise<Uint8Array>
  /**
   * Deletes temporary files left by a crash or a kill: those untouched for `graceMs`, so that an upload that
   * another process is writing right now stays. Run by the scheduled sweep, never at start.
   */
  sweepTemp(graceMs?: number): Promise<number>
  /**
   * Deletes stored blobs that no row knows (a kill between the commit of the blob and its row's) once they are
   * older than `graceMs`: a blob stored a moment ago may belong to a transaction another process has not
   * committed yet.
   */
  sweepOrphans(isKnown: (fileId: string, versionId: string) => boolean, graceMs?: number): Promise<number>
}

export interface StoredBlob {
  fileId: string
  versionId: string
  /** Last written, ms since the epoch (the file's mtime, the object's LastModified). */
  modifiedMs: number
}

export interface DiskBlobStore extends BlobStore {
  readonly kind: 'disk'
  readonly root: string
  pathOf(fileId: string, versionId: string): string
}

/**
 * A file without its row is an orphan only after this long untouched: shorter, a sweep could take a blob or a
 * temporary file that another process is still writing or about to commit.
 */
export const ORPHAN_GRACE_MS = 3_600_000

/** Blobs in `dataDir/blobs/<fileId>/<versionId>`, temporary files in `dataDir/tmp`. */
export function createBlobStore(dataDir: string, master: Buffer): DiskBlobStore {
  const root = join(dataDir, 'blobs')
  const tmpDir = join(dataDir, 'tmp')
  mkdirSync(root, { recursive: true, mode: 0o700 })
  mkdirSync(tmpDir, { recursive: true, mode: 0o700 })
  const { wrap, unwrap } = keyWrapper(master)
  const pathOf = (fileId: string, versionId: string) => join(root, safeId(fileId), safeId(versionId))

  const store: DiskBlobStore = {
    kind: 'disk',
    location: root,
    root,
    tmpDir,
    pathOf,
    begin: () => beginBlob(tmpDir, wrap),
    async commit(writer, fileId, versionId) {
      const dir = join(root, safeId(fileId))
      mkdirSync(dir, { recursive: true, mode: 0o700 })
      renameSync(writer.tmpPath, join(dir, safeId(versionId)))
      fsyncDir(dir)
      fsyncDir(root)
    },
    read: (fileId, versionId, wrappedKey) =>
      decryptStream(() => fileSource(pathOf(fileId, versionId)), unwrap(wrappedKey)),
    async removeFile(fileId) {
      rmSync(join(root, safeId(fileId)), { recursive: true, force: true })
    },
    async removeVersion(fileId, versionId) {
      rmSync(pathOf(fileId, versionId), { force: true })
    },
    async list() {
      const out: StoredBlob[] = []
      for (const fileId of readdirSync(root))
        for (const versionId of readdirSafe(join(root, fileId)))
          out.push({ fileId, versionId, modifiedMs: mtimeOf(join(root, fileId, versionId)) ?? Date.now() })
      return out
    },
    readStored: async (fileId, versionId) => new Uint8Array(await Bun.file(pathOf(fileId, versionId)).arrayBuffer()),
    sweepTemp: async (graceMs = ORPHAN_GRACE_MS) => sweepTempDir(tmpDir, graceMs),
    async sweepOrphans(isKnown, graceMs = ORPHAN_GRACE_MS) {
      let n = 0
      const before = Date.now() - graceMs
      for (const fileId of readdirSync(root)) {
        const dir = join(root, fileId)
        for (const versionId of readdirSafe(dir)) {
          if (isKnown(fileId, versionId) || (graceMs > 0 && !olderThan(join(dir, versionId), before))) continue
          rmSync(join(dir, versionId), { force: true, recursive: true })
          n++
        }
        if (readdirSafe(dir).length === 0) rmSync(dir, { recursive: true, force: true })
      }
      return n
    },
  }
  return store
}

/** A stored file read at increasing offsets (positional reads: no stream machinery between disk and cipher). */
async function fileSource(path: string): Promise<CipherSource> {
  const handle = await open(path, 'r')
  let position = 0
  return {
    async read(n) {
      const buf = Buffer.allocUnsafe(n)
      let got = 0
      while (got < n) {
        const { bytesRead } = await handle.read(buf, got, n - got, position)
        if (bytesRead === 0) break
        got += bytesRead
        position += bytesRead
      }
      return buf.subarray(0, got)
    },
    close: () => handle.close(),
  }
}

/** Temporary files untouched for `graceMs` (both stores keep them on this instance's disk). */
export function sweepTempDir(tmpDir: string, graceMs: number): number {
  let n = 0
  const before = Date.now() - graceMs
  for (const name of readdirSafe(tmpDir)) {
    try {
      if (graceMs > 0 && !olderThan(join(tmpDir, name), before)) continue
      unlinkSync(join(tmpDir, name))
      n++
    } catch {}
  }
  return n
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}

function fsyncDir(dir: string) {
  const fd = openSync(dir, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

function mtimeOf(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs
  } catch {
    return undefined
  }
}

const olderThan = (path: string, before: number) => (mtimeOf(path) ?? Number.POSITIVE_INFINITY) <= before

/** Ids are ours (UUIDs); this only guards against a bad row ever naming a path or a key. */
export function safeId(id: string): string {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw new Error(`invalid blob id: ${id}`)
  return id
}

/**
 * The store of one kind of blob: the documents (''), the recognised texts ('recognition') or the statements' XML
 * ('recognition/statements'), each under its own folder of DATA_DIR or its own prefix of the bucket. The S3 code
 * is imported only when STORAGE_URL names a bucket, so a server on its data folder never loads it.
 */
export async function openBlobStore(ctx: AppContext, place = ''): Promise<BlobStore> {
  const dir = place ? join(ctx.config.dataDir, place) : ctx.config.dataDir
  const storage = ctx.config.storage
  if (!storage) return createBlobStore(dir, ctx.keys.master)
  const { createS3BlobStore } = await import('./blob-store-s3')
  return createS3BlobStore(storage, place, join(dir, 'tmp'), ctx.keys.master)
}

/**
 * The scheduled sweep: temporary files and stored blobs without a row, each only past ORPHAN_GRACE_MS, so that
 * nothing another process on the data folder is writing or committing is taken.
 */
export async function sweepBlobLeftovers(
  ctx: AppContext,
  store: BlobStore,
  isKnown: (fileId: string, versionId: string) => boolean,
  graceMs = ORPHAN_GRACE_MS,
) {
  const temp = await store.sweepTemp(graceMs)
  if (temp) ctx.log.info('swept temporary upload files', { count: temp })
  const orphans = await store.sweepOrphans(isKnown, graceMs)
  if (orphans) ctx.log.info('swept stored blobs without a record', { count: orphans })
  return { temp, orphans }
}
