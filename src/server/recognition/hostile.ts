import { createDeflate, deflateRawSync } from 'node:zlib'

/**
 * Hostile uploads of the outside probe (issue 21), made in memory for the tests and the bench:
 * each is small or plain, and costs its reader far more than its size unless bounded.
 */

/** A plain-text letter at the top of `megabytes` of filler lines. */
export function bigTxt(megabytes: number, year: number): Uint8Array {
  const head = `Spendenbestätigung ${year}\nWir danken Ihnen für Ihre Spende von CHF 500.00 an die Stiftung.\n`
  const line = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor 12345.\n'
  return new TextEncoder().encode(head + line.repeat(Math.ceil((megabytes * 1024 * 1024) / line.length)))
}

/** A PDF from its objects' bodies (numbered from 1, the first is the catalog), with a correct xref. */
export function rawPdf(objects: (string | Uint8Array)[]): Uint8Array {
  const parts: Uint8Array[] = []
  let size = 0
  const put = (p: string | Uint8Array) => {
    const bytes = typeof p === 'string' ? new TextEncoder().encode(p) : p
    parts.push(bytes)
    size += bytes.length
  }
  put('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(size)
    put(`${i + 1} 0 obj\n`)
    put(body)
    put('\nendobj\n')
  })
  const xref = size
  put(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`)
  for (const o of offsets) put(`${String(o).padStart(10, '0')} 00000 n \n`)
  put(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`)
  const out = new Uint8Array(size)
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/**
 * About 1.5 KB with a page tree of 10^10 pages: ten levels of nodes, each with the next one ten times
 * as its kids, and one page at the bottom. Its /Count is true, so PDF.js believes it.
 */
export function pagesBombPdf(): Uint8Array {
  // 1: catalog, 2..11: the levels (2 is the root, 10^10 pages), 12: the page.
  const levels = Array.from({ length: 10 }, (_, i) => {
    const kid = `${i + 3} 0 R`
    return `<< /Type /Pages /Kids [${Array(10).fill(kid).join(' ')}] /Count ${10 ** (10 - i)} >>`
  })
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    ...levels,
    '<< /Type /Page /Parent 11 0 R /MediaBox [0 0 595 842] >>',
  ])
}

/**
 * One page painting one grey picture of `side` × `side` pixels, a byte each (all black), Flate-compressed:
 * 30,000 a side is 900 megapixels in an 875 KB file. Compressed as a stream, never held whole.
 */
export async function hugeImagePdf(side: number): Promise<Uint8Array> {
  const deflate = createDeflate({ level: 9 })
  const chunks: Buffer[] = []
  deflate.on('data', (c: Buffer) => chunks.push(c))
  const ended = new Promise((resolve) => deflate.on('end', resolve))
  const row = new Uint8Array(side * 64)
  for (let y = 0; y < side; y += 64) deflate.write(row.subarray(0, side * Math.min(64, side - y)))
  deflate.end()
  await ended
  const image = new Uint8Array(Buffer.concat(chunks))
  const stream = (dict: string, data: Uint8Array) => {
    const head = new TextEncoder().encode(`${dict.replace('LEN', String(data.length))}\nstream\n`)
    const tail = new TextEncoder().encode('\nendstream')
    const out = new Uint8Array(head.length + data.length + tail.length)
    out.set(head)
    out.set(data, head.length)
    out.set(tail, head.length + data.length)
    return out
  }
  const content = new TextEncoder().encode('q 595 0 0 842 0 0 cm /Im1 Do Q')
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ' +
      '/Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
    stream('<< /Length LEN >>', content),
    stream(
      `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray ` +
        '/BitsPerComponent 8 /Filter /FlateDecode /Length LEN >>',
      image,
    ),
  ])
}

/**
 * A .docx whose word/document.xml inflates to `megabytes` of paragraphs (~1000:1), with the size its
 * zip declares for it (local header and directory alike): its true one by default, which the upload
 * allows (500 MB in all), or any other.
 */
export function docxBomb(megabytes: number, year: number, declared?: number): Uint8Array {
  const paragraph = `<w:p><w:r><w:t>Spendenbestätigung ${year} Stiftung CHF 500.00</w:t></w:r></w:p>`
  const xml = Buffer.from(
    `<w:document><w:body>${paragraph.repeat(Math.ceil((megabytes * 1024 * 1024) / paragraph.length))}` +
      '</w:body></w:document>',
  )
  const entries = [
    {
      name: '[Content_Types].xml',
      method: 0,
      data: Buffer.from(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Override PartName="/word/document.xml" ' +
          'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      size: 0,
    },
    { name: 'word/document.xml', method: 8, data: deflateRawSync(xml, { level: 9 }), size: declared ?? xml.length },
  ]
  const locals: Buffer[] = [],
    centrals: Buffer[] = []
  let offset = 0
  for (const e of entries) {
    const name = Buffer.from(e.name)
    const declared = e.size || e.data.length
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(e.method, 8)
    local.writeUInt32LE(e.data.length, 18)
    local.writeUInt32LE(declared, 22)
    local.writeUInt16LE(name.length, 26)
    locals.push(local, name, e.data)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(e.method, 10)
    central.writeUInt32LE(e.data.length, 20)
    central.writeUInt32LE(declared, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, name)
    offset += 30 + name.length + e.data.length
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

/** A PDF of `pages` empty pages, every one an object of its own (100,000 make 12 MB). */
export function manyPagesPdf(pages: number): Uint8Array {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ')
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    ...Array.from(
      { length: pages },
      () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << >> /Contents [] /Rotate 0 >>',
    ),
  ])
}
