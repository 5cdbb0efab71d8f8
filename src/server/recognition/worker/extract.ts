import { openPdf } from './pdf'
import { pageJpegs } from './pdf-jpeg'
import { ocrImage } from './ocr'
import { flattenLight } from './flatten'
import { downscaleToGrey, greyForOcr, imageSize, MAX_IMAGE_PIXELS, OCR_MAX_SIDE, type Raster } from './downscale'
import type { ExtractKind } from './kinds'
import type { EStatement } from '../../../shared/recognition/e-statement'
import { readImageStatement, readPdfStatement, type StatementReading } from './e-statement'
import { DocxUnreadable, zipMemberHead } from './docx'
import { MAX_PDF_PAGES, MAX_TEXT_CHARS, TOO_LARGE } from '../bounds'

export type ExtractMethod = 'pdf-text' | 'pdf-ocr' | 'ocr' | 'docx' | 'txt' | 'e-statement'
export interface Extracted {
  /** At most MAX_TEXT_CHARS characters: the document's beginning. */
  text: string
  method: ExtractMethod
  pages: number
  ocrConfidence?: number
  /** An e-Steuerauszug read from its barcodes, and its XML (docs/recognition.md). */
  statement?: EStatement
  statementXml?: string
  /** What the reading says beside its result (barcodes that were there but could not be read). */
  notes?: string[]
}
export class Unsupported extends Error {}

/** A PDF whose text layer has fewer letters than this per page is treated as a scan. */
const MIN_LETTERS_PER_PAGE = 40
/**
 * Pages read by OCR at most: the first pages say what a document is; a 200-page scan would hold the worker for minutes.
 */
export const MAX_OCR_PAGES = 3
/** Page images smaller than this are logos or stamps, not a scanned page. */
const MIN_PAGE_IMAGE_PIXELS = 300 * 300

/** The text of a document, its first MAX_TEXT_CHARS characters at most. */
export async function extract(kind: ExtractKind, bytes: Uint8Array): Promise<Extracted> {
  const r = await extractAll(kind, bytes)
  return r.text.length > MAX_TEXT_CHARS ? { ...r, text: r.text.slice(0, MAX_TEXT_CHARS) } : r
}

async function extractAll(kind: ExtractKind, bytes: Uint8Array): Promise<Extracted> {
  switch (kind) {
    case 'txt':
      // A UTF-8 character has at most 4 bytes, and never fewer than one: these bytes give at least
      // MAX_TEXT_CHARS characters when there are that many. `stream` drops a character cut in half.
      return {
        text: new TextDecoder('utf-8').decode(bytes.subarray(0, MAX_TEXT_CHARS * 4), { stream: true }),
        method: 'txt',
        pages: 1,
      }
    case 'docx':
      return { text: docxText(bytes), method: 'docx', pages: 1 }
    case 'image': {
      // A photo or scan of a barcode sheet: the statement, when one is there, is the whole document. The barcode
      // reader decodes the picture itself, so one over the pixel bound is not given to it (OCR refuses it too).
      const size = imageSize(bytes)
      const readable = !size || size.width * size.height <= MAX_IMAGE_PIXELS
      const reading = readable ? await statementOf(() => readImageStatement(bytes)) : { found: false as const }
      if (reading.found && reading.ok) return fromStatement(reading, '', 1)
      const r = await ocrImage(await imageForOcr(bytes))
      return { text: r.text, method: 'ocr', pages: 1, ocrConfidence: r.confidence, ...notesOf(reading) }
    }
    case 'pdf':
      return pdf(bytes)
    case 'doc':
      throw new Unsupported('The old Word format (.doc) cannot be read; .docx and PDF can.')
  }
}

async function pdf(bytes: Uint8Array): Promise<Extracted> {
  const doc = await openPdf(new Uint8Array(bytes))
  try {
    const totalPages = doc.pages
    // Declared by the file: checked before a page is looked at.
    if (totalPages > MAX_PDF_PAGES)
      throw new Unsupported(`${TOO_LARGE}: ${totalPages} pages (at most ${MAX_PDF_PAGES})`)
    const text = await doc.text(MAX_TEXT_CHARS)
    // An e-Steuerauszug's barcodes hold the whole statement: no OCR is needed then.
    const reading = await statementOf(() => readPdfStatement(doc))
    if (reading.found && reading.ok) return fromStatement(reading, text, totalPages)
    const notes = notesOf(reading)
    const letters = (text.match(/\p{L}/gu) ?? []).length
    if (letters >= MIN_LETTERS_PER_PAGE * Math.min(totalPages, 2))
      return { text, method: 'pdf-text', pages: totalPages, ...notes }
    // No usable text layer: a scan wrapped in a PDF. Read its page images.
    const parts: string[] = []
    let confidence = 0,
      read = 0
    const pages = Math.min(totalPages, MAX_OCR_PAGES)
    // A scanner's page picture is read as the JPEG file it is stored as, like an uploaded photo;
    // other pictures (and JPEGs the grey decoder refuses, such as CMYK) as PDF.js decodes them.
    const jpegs = await pageJpegs(bytes, pages, MIN_PAGE_IMAGE_PIXELS).catch(() => [])
    for (let page = 1; page <= pages; page++) {
      const jpeg = jpegs[page - 1]
      let image = jpeg ? await imageForOcr(jpeg).catch(() => null) : null
      if (!image) {
        // PDF.js refuses pictures over MAX_IMAGE_PIXELS before decoding them (its maxImageSize): no image here.
        const decoded = (await doc.images(page).catch(() => [])).find(
          (i) => i.width * i.height >= MIN_PAGE_IMAGE_PIXELS,
        )
        if (decoded) image = rasterForOcr(decoded)
      }
      if (!image) continue
      const r = await ocrImage(image)
      parts.push(r.text)
      confidence += r.confidence
      read++
    }
    if (read === 0) return { text, method: 'pdf-text', pages: totalPages, ...notes }
    return {
      text: [text, ...parts].join('\n'),
      method: 'pdf-ocr',
      pages: totalPages,
      ocrConfidence: confidence / read,
      ...notes,
    }
  } finally {
    await doc.close()
  }
}

/** A statement reading that fails in the decoder is reported, and the document read as text. */
async function statementOf(read: () => Promise<StatementReading>): Promise<StatementReading> {
  try {
    return await read()
  } catch (err) {
    return {
      found: true,
      ok: false,
      reason: `e-Steuerauszug barcodes not read (${(err as Error).message.slice(0, 100)}); read as text`,
    }
  }
}
const notesOf = (r: StatementReading) => (r.found && !r.ok ? { notes: [r.reason] } : {})
const fromStatement = (r: Extract<StatementReading, { ok: true }>, text: string, pages: number): Extracted => ({
  text,
  method: 'e-statement',
  pages,
  statement: r.statement,
  statementXml: r.xml,
})

/**
 * What Tesseract gets of a JPEG or PNG: grey pixels (PNM), decoded here and brought down to
 * OCR_MAX_SIDE when larger (a 12-megapixel phone photo). Tesseract reads grey anyway; given a
 * colour file, Leptonica would hold the page at 32 bits per pixel, and again turned by rotateAuto.
 */
export async function imageForOcr(bytes: Uint8Array): Promise<Uint8Array> {
  const size = imageSize(bytes)
  if (!size) return bytes
  const grey = await greyForOcr(bytes)
  const pnm = toPnm(flattenLight(grey.data as Uint8Array, grey.width, grey.height), grey.width, grey.height)
  // The decoder's memory (a progressive JPEG's coefficients, up to 100 MB) goes before Tesseract
  // starts, so the worker's peak is the larger of the two steps, not their sum.
  Bun.gc(true)
  return pnm
}

/** Decoded pixels (a PDF's page image) as a grey PNM, brought down to OCR_MAX_SIDE when larger. */
export function rasterForOcr(image: Raster): Uint8Array {
  const r = image.channels === 1 && Math.max(image.width, image.height) <= OCR_MAX_SIDE ? image : downscaleToGrey(image)
  // A grey source of the right size is PDF.js's own buffer: evened out on a copy.
  const grey = r === image ? new Uint8Array(r.data) : (r.data as Uint8Array)
  return toPnm(flattenLight(grey, r.width, r.height), r.width, r.height)
}

/** Grey pixels as a binary PNM (P5), which Leptonica reads without a codec. */
export function toPnm(data: Uint8ClampedArray | Uint8Array, width: number, height: number): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`)
  const out = new Uint8Array(header.length + width * height)
  out.set(header)
  out.set(data.subarray(0, width * height), header.length)
  return out
}

/**
 * The text of a .docx: paragraphs of word/document.xml, runs joined, tabs and breaks kept. Only
 * the first MAX_DOCX_XML_BYTES of the markup are inflated, whatever the zip declares.
 */
export function docxText(bytes: Uint8Array): string {
  let xml: Uint8Array | null
  try {
    xml = zipMemberHead(bytes, 'word/document.xml')
  } catch (err) {
    if (err instanceof DocxUnreadable || err instanceof RangeError)
      throw new Unsupported('The Word document could not be opened.')
    throw err
  }
  if (!xml) throw new Unsupported('The Word document has no body.')
  return new TextDecoder('utf-8')
    .decode(xml, { stream: true })
    .replace(/<w:tab\/>/g, '\t')
    .replace(/<w:br[^>]*\/>|<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
}
