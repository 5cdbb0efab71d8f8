import { Inflate } from 'fflate'
import { MAX_DOCX_XML_BYTES } from '../bounds'

export class DocxUnreadable extends Error {}

/** Compressed bytes handed to the inflater at once: DEFLATE inflates at most ~1032:1, so one step makes ≤ ~1 MB. */
const STEP = 1024
/** Steps in a row that gave nothing: the stream is over (a real one gives text every few hundred bytes). */
const IDLE_STEPS = 64

/**
 * The first `cap` bytes of one member of a zip file, inflated step by step and stopped at the
 * cap. The zip's sizes are the uploader's word (fflate's unzipSync trusts the declared size, and
 * a 94 KB .docx inflated to 48 MB): only where the member starts and its method are taken from it.
 */
export function zipMemberHead(zip: Uint8Array, name: string, cap = MAX_DOCX_XML_BYTES): Uint8Array | null {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  // The end-of-central-directory record: in the last 64 KB + 22 bytes (its comment is at most 64 KB).
  let eocd = -1
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--)
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i
      break
    }
  if (eocd < 0) throw new DocxUnreadable('no zip directory')
  const entries = view.getUint16(eocd + 10, true)
  let at = view.getUint32(eocd + 16, true)
  const wanted = new TextEncoder().encode(name)
  for (let n = 0; n < entries && at + 46 <= zip.length; n++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new DocxUnreadable('broken zip directory')
    const method = view.getUint16(at + 10, true)
    const nameLength = view.getUint16(at + 28, true)
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true)
    const entryName = zip.subarray(at + 46, at + 46 + nameLength)
    if (entryName.length === wanted.length && entryName.every((b, i) => b === wanted[i])) {
      const local = view.getUint32(at + 42, true)
      if (local + 30 > zip.length || view.getUint32(local, true) !== 0x04034b50)
        throw new DocxUnreadable('broken zip entry')
      const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true)
      // The compressed size may be a lie too: the data runs at most to the end of the file.
      const data = zip.subarray(start, start + view.getUint32(at + 20, true))
      if (method === 0) return data.slice(0, cap)
      if (method !== 8) throw new DocxUnreadable(`zip method ${method}`)
      return inflateHead(data, cap)
    }
    at = next
  }
  return null
}

/**
 * Inflates until `cap` bytes came out or the stream ended; what follows is never inflated. The
 * stream has ended when steps give nothing: past its last block the inflater keeps what it is
 * given, unread, and each step would copy all of it again.
 */
function inflateHead(data: Uint8Array, cap: number): Uint8Array {
  const parts: Uint8Array[] = []
  let size = 0,
    idle = 0
  const inflater = new Inflate((chunk) => {
    if (chunk.length) parts.push(chunk)
    size += chunk.length
    idle = chunk.length ? 0 : idle + 1
  })
  try {
    for (let at = 0; at < data.length && size < cap && idle < IDLE_STEPS; at += STEP)
      inflater.push(data.subarray(at, at + STEP), false)
  } catch (err) {
    // Bytes after the end of the member's stream (the next member) are not DEFLATE: what came out stands.
    if (!size) throw new DocxUnreadable((err as Error).message)
  }
  const out = new Uint8Array(Math.min(size, cap))
  let filled = 0
  for (const part of parts) {
    if (filled >= out.length) break
    const take = part.subarray(0, out.length - filled)
    out.set(take, filled)
    filled += take.length
  }
  return out
}
