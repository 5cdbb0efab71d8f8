// Shared by the documents tests: small real files, multipart bodies and a look at the data folder.
import { createHash } from 'node:crypto'
import { readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

export const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex')

export const pdf = (text = 'hello') =>
  new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  )
export const elf = () => new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(120).fill(0)])
export const png = () =>
  new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6,
    0, 0, 0, 0x1f, 0x15, 0xc4, 0x89,
  ])

export interface Part {
  name: string
  data: Uint8Array<ArrayBuffer>
  hash?: string
}

/** The dashboard upload's multipart body: repeated files, hashes[], categoryId, taxYear. */
export function uploadForm(parts: Part[], fields: { taxYear?: number | string; categoryId?: number | string } = {}) {
  const form = new FormData()
  for (const p of parts) form.append('files', new Blob([p.data]), p.name)
  for (const p of parts) form.append('hashes[]', p.hash ?? sha256(p.data))
  if (fields.categoryId !== undefined) form.append('categoryId', String(fields.categoryId))
  if (fields.taxYear !== undefined) form.append('taxYear', String(fields.taxYear))
  return form
}

/** Every file under a folder, relative, except the database and the key file. */
export function dataFiles(dir: string): string[] {
  const out: string[] = []
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name)
      if (statSync(p).isDirectory()) walk(p)
      else out.push(relative(dir, p))
    }
  }
  walk(dir)
  return out.filter((f) => !f.startsWith('swisstax.db') && f !== 'master.key').sort()
}

/**
 * A multipart body of `size` bytes of PDF-looking content, generated while it is
 * read, so the test never holds the file: what the server keeps is what we measure.
 */
export function streamingUpload(size: number, fields: Record<string, string>, hash = '0'.repeat(64)) {
  const boundary = `----swisstaxtest${Math.random().toString(16).slice(2)}`
  const enc = new TextEncoder()
  let head = ''
  for (const [k, v] of Object.entries(fields))
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`
  head += `--${boundary}\r\nContent-Disposition: form-data; name="hashes[]"\r\n\r\n${hash}\r\n`
  head +=
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\nContent-Type: ` +
    `application/pdf\r\n\r\n`
  const tail = `\r\n--${boundary}--\r\n`
  const content = contentChunks(size)
  let stage = 0
  let pulled = 0
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (stage === 0) {
        c.enqueue(enc.encode(head))
        stage = 1
        return
      }
      if (stage === 1) {
        const next = content.next()
        if (!next.done) {
          pulled += next.value.length
          c.enqueue(next.value)
          return
        }
        stage = 2
      }
      c.enqueue(enc.encode(tail))
      c.close()
    },
  })
  /** How many content bytes the server has read so far. */
  return { body, contentType: `multipart/form-data; boundary=${boundary}`, pulled: () => pulled }
}

/** The generated content: '%PDF-1.4' and then 'A's, in 256 KiB pieces. */
function* contentChunks(size: number) {
  const piece = 256 * 1024
  for (let sent = 0; sent < size; sent += piece) {
    const chunk = new Uint8Array(Math.min(piece, size - sent)).fill(0x41)
    if (sent === 0) chunk.set(new TextEncoder().encode('%PDF-1.4\n').subarray(0, chunk.length))
    yield chunk
  }
}

export function streamedContentHash(size: number) {
  const hash = createHash('sha256')
  for (const chunk of contentChunks(size)) hash.update(chunk)
  return hash.digest('hex')
}

/**
 * A minimal stored (uncompressed) ZIP, enough to stand for a DOCX; `claimedSize` overrides an entry's uncompressed
 * size.
 */
export function zip(entries: { name: string; data: string; claimedSize?: number }[]): Uint8Array<ArrayBuffer> {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const e of entries) {
    const name = Buffer.from(e.name)
    const data = Buffer.from(e.data)
    const crc = Bun.hash.crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(name.length, 26)
    locals.push(local, name, data)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(e.claimedSize ?? data.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, name)
    offset += 30 + name.length + data.length
  }
  const cd = Buffer.concat(centrals)
  const eocd = Buffer.alloc(22)
  eocd.writeUInt32LE(0x06054b50, 0)
  eocd.writeUInt16LE(entries.length, 8)
  eocd.writeUInt16LE(entries.length, 10)
  eocd.writeUInt32LE(cd.length, 12)
  eocd.writeUInt32LE(offset, 16)
  return new Uint8Array(Buffer.concat([...locals, cd, eocd]))
}

export const docx = (claimedSize?: number) =>
  zip([
    {
      name: '[Content_Types].xml',
      data:
        '<?xml version="1.0"?><Types ' +
        'xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override ' +
        'PartName="/word/document.xml" ' +
        'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    { name: 'word/document.xml', data: '<w:document/>', claimedSize },
  ])
