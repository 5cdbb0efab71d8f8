import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID, type Hash } from 'node:crypto'
import { closeSync, fsync, fsyncSync, openSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { derive } from '../keys'

/**
 * The blobs' encryption, the same wherever they are kept (a folder or a bucket, blob-store.ts; docs/storage.md).
 * Each blob has its own random data key, wrapped by a key derived from the master key and stored in its row.
 * The content is AES-256-GCM in 64 KiB chunks; each chunk's associated data holds its index and a final-chunk
 * flag, so reordering, dropping or truncating chunks fails authentication instead of yielding wrong bytes.
 * A data key encrypts exactly one blob, so the nonce can be the chunk index.
 *
 * Layout: MAGIC, then frames of (ciphertext ‖ 16-byte tag). Every frame but the last holds exactly CHUNK
 * plaintext bytes; the last one (possibly empty) is flagged final.
 */
export const CHUNK = 64 * 1024
const TAG = 16
const FRAME = CHUNK + TAG
export const MAGIC = Buffer.from('STXB1\n')
const WRAP_AAD = Buffer.from('swisstax blob data key v1')
const HEAD_BYTES = 64 * 1024

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

/**
 * A new temporary encrypted blob in `tmpDir` (always on this instance's disk, whatever keeps the stored ones):
 * plaintext is hashed and encrypted chunk by chunk as it arrives, so no upload is ever held whole.
 */
export function beginBlob(tmpDir: string, wrap: (dataKey: Buffer) => string): BlobWriter {
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
    // Written as the cipher gives it, then the tag: no concatenated copy of every 64 KB chunk (a 50 MB upload made
    // 50 MB less garbage for the collector, bench "documents").
    writeAll(fd, cipher.update(plain))
    const rest = cipher.final()
    if (rest.length) writeAll(fd, rest)
    writeAll(fd, cipher.getAuthTag())
    index++
  }
  const done = () => {
    closeSync(fd)
    open = false
    return { sha256: hash.digest('hex'), wrappedKey: wrap(dataKey), size }
  }
  return {
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
      return done()
    },
    finishSync() {
      emit(pending.subarray(0, pendingLength), true)
      fsyncSync(fd)
      return done()
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
}

/** Where a stored blob's ciphertext is read from: a file at an offset, or one GET's body. */
export interface CipherSource {
  /** Up to `n` bytes; fewer only at the end. */
  read(n: number): Promise<Buffer>
  close(): Promise<void>
}

/**
 * Decrypts and authenticates frame by frame, as the reader asks for them (one frame at a time in memory); one
 * byte past each frame is read to know whether it is the last. `open` runs when the stream starts, so a missing
 * or unreadable blob errors the stream like a damaged one.
 */
export function decryptStream(open: () => Promise<CipherSource>, dataKey: Buffer): ReadableStream<Uint8Array> {
  let source: CipherSource | undefined
  let index = 0
  let carry = Buffer.alloc(0)
  const close = async () => {
    await source?.close().catch(() => {})
    source = undefined
  }
  // A read that fails (a missing file, a refused GET) keeps its own error; bytes that do not authenticate are
  // BlobCorruptError.
  const fail = async (controller: ReadableStreamDefaultController<Uint8Array>, err: unknown) => {
    await close()
    controller.error(err)
  }
  /** The next frame and whether it is the last; the byte past it stays for the next call. */
  const nextFrame = async (from: CipherSource) => {
    const more = await from.read(FRAME + 1 - carry.length)
    const buf = carry.length ? Buffer.concat([carry, more]) : more
    const final = buf.length <= FRAME
    carry = final ? Buffer.alloc(0) : Buffer.from(buf.subarray(FRAME))
    return { frame: buf.subarray(0, final ? buf.length : FRAME), final }
  }
  return new ReadableStream<Uint8Array>(
    {
      async start(controller) {
        try {
          source = await open()
          if (!(await source.read(MAGIC.length)).equals(MAGIC)) await fail(controller, new BlobCorruptError())
        } catch (err) {
          await fail(controller, err)
        }
      },
      async pull(controller) {
        if (!source) return controller.close()
        let next: Awaited<ReturnType<typeof nextFrame>>
        try {
          next = await nextFrame(source)
        } catch (err) {
          return await fail(controller, err)
        }
        const plain = decryptFrame(dataKey, index++, next.frame, next.final)
        if (!plain) return await fail(controller, new BlobCorruptError())
        if (plain.length) controller.enqueue(new Uint8Array(plain.buffer, plain.byteOffset, plain.length))
        if (next.final) {
          await close()
          controller.close()
        }
      },
      async cancel() {
        await close()
      },
    },
    { highWaterMark: 0 },
  )
}

/** One frame's plaintext, or null when it does not authenticate at its place (index, last or not). */
function decryptFrame(dataKey: Buffer, index: number, frame: Buffer, final: boolean): Buffer | null {
  if (frame.length < TAG) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', dataKey, nonce(index)).setAAD(chunkAad(index, final))
    decipher.setAuthTag(frame.subarray(frame.length - TAG))
    return Buffer.concat([decipher.update(frame.subarray(0, frame.length - TAG)), decipher.final()])
  } catch {
    return null
  }
}

/** A ReadableStream's bytes as a CipherSource: the body of one GET, cut into the frames' sizes as it arrives. */
export function streamSource(stream: ReadableStream<Uint8Array>): CipherSource {
  const reader = stream.getReader()
  const parts: Buffer[] = []
  let held = 0
  let ended = false
  return {
    async read(n) {
      while (held < n && !ended) {
        const next = await reader.read()
        if (next.done) ended = true
        else if (next.value.length) {
          parts.push(Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength))
          held += next.value.length
        }
      }
      const all = parts.length === 1 ? parts[0]! : Buffer.concat(parts)
      const out = all.subarray(0, Math.min(n, all.length))
      const rest = all.subarray(out.length)
      parts.length = 0
      if (rest.length) parts.push(rest)
      held = rest.length
      return out
    },
    async close() {
      await reader.cancel().catch(() => {})
    },
  }
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
