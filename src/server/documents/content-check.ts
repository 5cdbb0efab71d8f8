import { ALLOWED_EXTENSIONS, extensionOf, isAllowedExtension, type AllowedExtension } from '../../shared/documents'
import { ApiError } from '../http/errors'

/**
 * Does the content match the extension (docs/documents.md)? file-type reads the
 * magic bytes; it reports a legacy .doc as 'cfb' and knows nothing of .txt,
 * which must be valid UTF-8 without NUL bytes. A DOCX is a ZIP, so its entry
 * count and uncompressed size are bounded from the central directory.
 */
const DETECTED: Record<AllowedExtension, string[]> = {
  pdf: ['pdf'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  doc: ['cfb'],
  docx: ['docx', 'zip'],
  txt: [],
}
const MAX_ZIP_ENTRIES = 5000
const MAX_ZIP_UNCOMPRESSED = 500 * 1024 * 1024
const TAIL_BYTES = 256 * 1024

/**
 * file-type's magic-byte detection. The module is imported on the first upload, not at
 * start: it and its tokenizer stack hold about 12 MB, a fifth of the idle-memory budget.
 */
async function detectType(head: Buffer) {
  const { fileTypeFromBuffer } = await import('file-type')
  return fileTypeFromBuffer(head)
}

const typeNotAllowed = (name: string) =>
  new ApiError(
    415,
    'FILE_TYPE_NOT_ALLOWED',
    `File type not allowed: ${name}. Allowed types: ${ALLOWED_EXTENSIONS.join(', ').toUpperCase()}.`,
  )
const contentMismatch = (name: string) =>
  new ApiError(415, 'CONTENT_TYPE_MISMATCH', `The content of ${name} does not match its file type.`)

const fileEmpty = (name: string) =>
  new ApiError(400, 'FILE_EMPTY', `${name} is empty (0 bytes): there is nothing to store. Choose the file again.`)

/** Keeps what the checks need while the file streams by: a text validator and the last bytes. */
export class ContentInspector {
  private decoder = new TextDecoder('utf-8', { fatal: true })
  private textOk = true
  private tail = Buffer.alloc(0)
  constructor(readonly extension: string) {}

  feed(chunk: Buffer) {
    if (this.extension === 'txt' && this.textOk) {
      try {
        if (chunk.includes(0)) this.textOk = false
        else this.decoder.decode(chunk, { stream: true })
      } catch {
        this.textOk = false
      }
    }
    if (this.extension === 'docx') {
      this.tail =
        chunk.length >= TAIL_BYTES
          ? Buffer.from(chunk.subarray(chunk.length - TAIL_BYTES))
          : Buffer.concat([this.tail, chunk]).subarray(-TAIL_BYTES)
    }
  }

  /** Throws a 415 ApiError when the content does not match the extension, a 400 when there is none. */
  async check(name: string, head: Buffer): Promise<void> {
    // An empty file is no document of any type; saying "wrong type" sent people to retry what cannot succeed.
    if (head.length === 0) throw fileEmpty(name)
    const ext = this.extension as AllowedExtension
    if (ext === 'txt') {
      if (!this.textOk) throw contentMismatch(name)
      try {
        this.decoder.decode()
      } catch {
        throw contentMismatch(name)
      }
      if (await detectType(head)) throw contentMismatch(name)
      return
    }
    const detected = await detectType(head)
    if (!detected || !DETECTED[ext].includes(detected.ext)) throw contentMismatch(name)
    if (ext === 'docx' && !zipWithinBounds(this.tail)) throw contentMismatch(name)
  }
}

/** Reads the end-of-central-directory record and sums the entries' uncompressed sizes. */
function zipWithinBounds(tail: Buffer): boolean {
  const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (eocd < 0 || eocd + 22 > tail.length) return false
  const entries = tail.readUInt16LE(eocd + 10)
  const cdSize = tail.readUInt32LE(eocd + 12)
  if (entries > MAX_ZIP_ENTRIES || entries === 0xffff) return false
  const cdStart = eocd - cdSize
  if (cdStart < 0) return false
  let pos = cdStart
  let total = 0
  for (let i = 0; i < entries; i++) {
    if (pos + 46 > eocd || tail.readUInt32LE(pos) !== 0x02014b50) return false
    const uncompressed = tail.readUInt32LE(pos + 24)
    if (uncompressed === 0xffffffff) return false
    total += uncompressed
    if (total > MAX_ZIP_UNCOMPRESSED) return false
    pos += 46 + tail.readUInt16LE(pos + 28) + tail.readUInt16LE(pos + 30) + tail.readUInt16LE(pos + 32)
  }
  return true
}

/**
 * The name as shown to people: the last path segment, without control
 * characters, at most 200 characters. It is never used as a path.
 */
export function displayName(raw: string): string {
  const last = raw.split(/[\\/]/).pop() ?? ''
  // Control and format characters (bidi overrides, zero-width) would make a name display as another one.
  const clean = last.replace(/[\p{Cc}\p{Cf}]/gu, '').trim()
  if (clean.length <= 200) return clean
  const ext = extensionOf(clean)
  return `${clean.slice(0, 190 - ext.length)}.${ext}`
}

export function requireAllowedName(name: string): void {
  if (!name || name === '.' || name === '..')
    throw new ApiError(400, 'INVALID_FILE_NAME', 'The file has no usable name.')
  if (!isAllowedExtension(name)) throw typeNotAllowed(name)
}
