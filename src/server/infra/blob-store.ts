import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID, type Hash } from 'node:crypto'
import {
  closeSync,
  fsync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs'
import { open } from 'node:fs/promises'
import { join } from 'node:path'
import { derive } from '../keys'
import type { AppContext } from '../context'

/**
 * Encrypted blobs on disk (docs/storage.md). Each blob has its own random data
 * key, wrapped by a key derived from the master key and stored in its row.
 * The content is AES-256-GCM in 64 KiB chunks; each chunk's associated data
 * holds its index and a final-chunk flag, so reordering, dropping or
 * truncating chunks fails authentication instead of yielding wrong bytes.
 * A data key encrypts exactly one blob, so the nonce can be the chunk index.
 *
 * Layout: MAGIC, then frames of (ciphertext ‖ 16-byte tag). Every frame but
 * the last holds exactly CHUNK plaintext bytes; the last one (possibly empty)
 * is flagged final.
 */
export const CHUNK = 64 * 1024
const TAG = 16
const FRAME = CHUNK + TAG
const MAGIC = Buffer.from('STXB1\n')
const WRAP_AAD = Buffer.from('swisstax blob data key v1')

export interface BlobStore {
  readonly root: string
  readonly tmpDir: string
  /** Starts a temporary encrypted blob; feed plaintext, then finish or discard. */
  begin(): BlobWriter
  /** Moves a finished temporary blob to blobs/<fileId>/<versionId>, fsyncing the folders. */
  commit(writer: BlobWriter, fileId: string, versionId: string): string
  /** Decrypted content of a stored blob, streamed chunk by chunk. */
  read(fileId: string, versionId: string, wrappedKey: string): ReadableStream<Uint8Array>
  /** Removes every version of a file. */
  removeFile(fileId: string): void
  removeVersion(fileId: string, versionId: string): void
  /**
   * Deletes temporary files left by a crash or a kill: those untouched for `graceMs`, so that an upload that
   * another process is writing right now stays. Run by the scheduled sweep, never at start.
   */
  sweepTemp(graceMs?: number): number
  /**
   * Deletes stored blobs that no row knows (a kill between rename and commit) once they are older than `graceMs`:
   * a blob renamed into place a moment ago may belong to a transaction another process has not committed yet.
   */
  sweepOrphans(isKnown: (fileId: string, versionId: string) => boolean, graceMs?: number): number
  pathOf(fileId: string, versionId: string): string
}

export interface BlobWriter {
  readonly tmpPath: string
  readonly size: number
  /** The first bytes of the plaintext, kept for sniffing the type. */
  readonly head: Buffer
  write(data: Uint8Array): void
  /**
   * Flushes the final chunk and fsyncs on libuv's thread pool: the server's thread goes on serving while the disk
   * takes the file (a 48 MB upload's fsync held every other request ~50 ms). Returns the SHA-256 of the plaintext
   * and the wrapped key.
   */
  finish(): Promise<{ sha256: string; wrappedKey: string; size: number }>
  /** The same, fsync on this thread: for the small texts recognition stores (a few hundred KB at most). */
  finishSync(): { sha256: string; wrappedKey: string; size: number }
  /** Removes the temporary file. Safe to call at any point, more than once. */
  discard(): void
}

const HEAD_BYTES = 64 * 1024

/**
 * Wraps and unwraps data keys with a key derived from the master key. Used by the
 * store, by the start-up check that the master key fits the stored files, and by
 * `swisstax keys rotate` (which re-wraps every data key, the files untouched).
 */
export function keyWrapper(master: Buffer) {
  const wrapKey = derive(master, 'swisstax blob key wrap v1')
  return {
    wrap(dataKey: Buffer): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', wrapKey, iv).setAAD(WRAP_AAD)
      return Buffer.concat([iv, cipher.update(dataKey), cipher.final(), cipher.getAuthTag()]).toString('base64')
    },
    /** Throws when the wrapped key was not made with this master key. */
    unwrap(wrapped: string): Buffer {
      const raw = Buffer.from(wrapped, 'base64')
      if (raw.length < 12 + TAG) throw new Error('malformed wrapped key')
      const decipher = createDecipheriv('aes-256-gcm', wrapKey, raw.subarray(0, 12)).setAAD(WRAP_AAD)
      decipher.setAuthTag(raw.subarray(raw.length - TAG))
      return Buffer.concat([decipher.update(raw.subarray(12, raw.length - TAG)), decipher.final()])
    },
  }
}

// long: split after the storage work
export function createBlobStore(dataDir: string, master: Buffer): BlobStore {
  const root = join(dataDir, 'blobs')
  const tmpDir = join(dataDir, 'tmp')
  mkdirSync(root, { recursive: true, mode: 0o700 })
  mkdirSync(tmpDir, { recursive: true, mode: 0o700 })
  const { wrap, unwrap } = keyWrapper(master)
  const pathOf = (fileId: string, versionId: string) => join(root, safeId(fileId), safeId(versionId))

  return {
    root,
    tmpDir,
    pathOf,
    begin() {
      const tmpPath = join(tmpDir, `${randomUUID()}.part`)
      const fd = openSync(tmpPath, 'wx', 0o600)
      let open = true
      const dataKey = randomBytes(32)
      const hash: Hash = createHash('sha256')
      let index = 0
      let size = 0
      const pending = Buffer.allocUnsafe(CHUNK)
      let pendingLength = 0
      const headParts: Buffer[] = []
      let headLength = 0
      writeSync(fd, MAGIC)

      const emit = (plain: Buffer, final: boolean) => {
        const cipher = createCipheriv('aes-256-gcm', dataKey, nonce(index)).setAAD(chunkAad(index, final))
        const out = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()])
        writeAll(fd, out)
        index++
      }
      const writer: BlobWriter = {
        tmpPath,
        get size() {
          return size
        },
        get head() {
          return Buffer.concat(headParts)
        },
        write(data) {
          let buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength)
          hash.update(buf)
          size += buf.length
          if (headLength < HEAD_BYTES) {
            const take = buf.subarray(0, HEAD_BYTES - headLength)
            headParts.push(Buffer.from(take))
            headLength += take.length
          }
          while (buf.length > 0) {
            // A full pending chunk is written only once more data follows, so the last chunk is always flagged final.
            if (pendingLength === CHUNK) {
              emit(pending, false)
              pendingLength = 0
            }
            const n = Math.min(CHUNK - pendingLength, buf.length)
            buf.copy(pending, pendingLength, 0, n)
            pendingLength += n
            buf = buf.subarray(n)
          }
        },
        async finish() {
          emit(pending.subarray(0, pendingLength), true)
          await new Promise<void>((resolve, reject) => fsync(fd, (err) => (err ? reject(err) : resolve())))
          closeSync(fd)
          open = false
          return { sha256: hash.digest('hex'), wrappedKey: wrap(dataKey), size }
        },
        finishSync() {
          emit(pending.subarray(0, pendingLength), true)
          fsyncSync(fd)
          closeSync(fd)
          open = false
          return { sha256: hash.digest('hex'), wrappedKey: wrap(dataKey), size }
        },
        discard() {
          if (open) {
            try {
              closeSync(fd)
            } catch {}
            open = false
          }
          rmSync(tmpPath, { force: true })
        },
      }
      return writer
    },
    commit(writer, fileId, versionId) {
      const dir = join(root, safeId(fileId))
      mkdirSync(dir, { recursive: true, mode: 0o700 })
      const target = join(dir, safeId(versionId))
      renameSync(writer.tmpPath, target)
      fsyncDir(dir)
      fsyncDir(root)
      return target
    },
    read(fileId, versionId, wrappedKey) {
      return decryptStream(pathOf(fileId, versionId), unwrap(wrappedKey))
    },
    removeFile(fileId) {
      rmSync(join(root, safeId(fileId)), { recursive: true, force: true })
    },
    removeVersion(fileId, versionId) {
      rmSync(pathOf(fileId, versionId), { force: true })
    },
    sweepOrphans(isKnown, graceMs = ORPHAN_GRACE_MS) {
      let n = 0
      const before = Date.now() - graceMs
      for (const fileId of readdirSync(root)) {
        const dir = join(root, fileId)
        let versions: string[]
        try {
          versions = readdirSync(dir)
        } catch {
          continue
        }
        for (const versionId of versions) {
          if (isKnown(fileId, versionId) || (graceMs > 0 && !olderThan(join(dir, versionId), before))) continue
          rmSync(join(dir, versionId), { force: true, recursive: true })
          n++
        }
        if (readdirSync(dir).length === 0) rmSync(dir, { recursive: true, force: true })
      }
      return n
    },
    sweepTemp(graceMs = ORPHAN_GRACE_MS) {
      let n = 0
      const before = Date.now() - graceMs
      for (const name of readdirSync(tmpDir)) {
        try {
          if (graceMs > 0 && !olderThan(join(tmpDir, name), before)) continue
          unlinkSync(join(tmpDir, name))
          n++
        } catch {}
      }
      return n
    },
  }
}

/** Reads and authenticates frame by frame; one frame is held back to know which one is last. */
function decryptStream(path: string, dataKey: Buffer): ReadableStream<Uint8Array> {
  let handle: Awaited<ReturnType<typeof open>> | undefined
  let index = 0
  let position = MAGIC.length
  let done = false
  const close = async () => {
    await handle?.close().catch(() => {})
    handle = undefined
  }
  return new ReadableStream<Uint8Array>(
    {
      async start() {
        handle = await open(path, 'r')
        const magic = Buffer.alloc(MAGIC.length)
        const { bytesRead } = await handle.read(magic, 0, MAGIC.length, 0)
        if (bytesRead !== MAGIC.length || !magic.equals(MAGIC)) {
          await close()
          throw new BlobCorruptError()
        }
      },
      async pull(controller) {
        if (done || !handle) return controller.close()
        // Read one frame plus one byte: the extra byte tells whether another frame follows.
        const buf = Buffer.allocUnsafe(FRAME + 1)
        const { bytesRead } = await handle.read(buf, 0, FRAME + 1, position)
        const final = bytesRead <= FRAME
        const frameLength = final ? bytesRead : FRAME
        if (frameLength < TAG) {
          await close()
          return controller.error(new BlobCorruptError())
        }
        try {
          const frame = buf.subarray(0, frameLength)
          const decipher = createDecipheriv('aes-256-gcm', dataKey, nonce(index)).setAAD(chunkAad(index, final))
          decipher.setAuthTag(frame.subarray(frameLength - TAG))
          const plain = Buffer.concat([decipher.update(frame.subarray(0, frameLength - TAG)), decipher.final()])
          index++
          position += frameLength
          if (plain.length) controller.enqueue(new Uint8Array(plain.buffer, plain.byteOffset, plain.length))
          if (final) {
            done = true
            await close()
            controller.close()
          }
        } catch {
          await close()
          controller.error(new BlobCorruptError())
        }
      },
      async cancel() {
        await close()
      },
    },
    { highWaterMark: 0 },
  )
}

export class BlobCorruptError extends Error {
  constructor() {
    super('The stored file failed its integrity check')
  }
}

function nonce(index: number): Buffer {
  const n = Buffer.alloc(12)
  n.writeBigUInt64BE(BigInt(index), 4)
  return n
}

function chunkAad(index: number, final: boolean): Buffer {
  const aad = Buffer.alloc(9)
  aad.writeBigUInt64BE(BigInt(index), 0)
  aad[8] = final ? 1 : 0
  return aad
}

function writeAll(fd: number, data: Buffer) {
  let off = 0
  while (off < data.length) off += writeSync(fd, data, off, data.length - off)
}

function fsyncDir(dir: string) {
  const fd = openSync(dir, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/**
 * A file without its row is an orphan only after this long untouched: shorter, a sweep could take a blob or a
 * temporary file that another process is still writing or about to commit.
 */
export const ORPHAN_GRACE_MS = 3_600_000

function olderThan(path: string, before: number): boolean {
  try {
    return statSync(path).mtimeMs <= before
  } catch {
    return false
  }
}

/** Ids are ours (UUIDs); this only guards against a bad row ever naming a path. */
function safeId(id: string): string {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw new Error(`invalid blob id: ${id}`)
  return id
}

/** The data folder's blob store, opened once by app.ts. Leftovers are the scheduled sweep's (sweepBlobLeftovers). */
export function openBlobStore(ctx: AppContext): BlobStore {
  return createBlobStore(ctx.config.dataDir, ctx.keys.master)
}

/**
 * The scheduled sweep: temporary files and stored blobs without a row, each only past ORPHAN_GRACE_MS, so that
 * nothing another process on the data folder is writing or committing is taken.
 */
export function sweepBlobLeftovers(
  ctx: AppContext,
  store: BlobStore,
  isKnown: (fileId: string, versionId: string) => boolean,
  graceMs = ORPHAN_GRACE_MS,
) {
  const temp = store.sweepTemp(graceMs)
  if (temp) ctx.log.info('swept temporary upload files', { count: temp })
  const orphans = store.sweepOrphans(isKnown, graceMs)
  if (orphans) ctx.log.info('swept stored blobs without a record', { count: orphans })
  return { temp, orphans }
}
