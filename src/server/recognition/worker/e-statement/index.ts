import { inflateSync } from 'node:zlib'
import type { EStatement } from '../../../../shared/recognition/e-statement'
import { assemble, pageCode, type BarcodeSymbol } from './assemble'
import { XmlRefused } from './safe-xml'
import { NotAStatement, statementFromXml } from './statement'
import { readSymbols, type Pixels } from './symbols'
import { barRaster, type OperatorList } from './vector'

/** The decompressed XML at most (docs/recognition.md: bounded). A real statement is well below 1 MB. */
export const MAX_XML_BYTES = 10 * 1024 * 1024
/** Barcode sheets are a statement's last pages: that many pages from the end are searched. */
export const MAX_BARCODE_PAGES = 12
/** Images smaller than this are not barcodes (a CODE128C page code is about 200 × 30). */
const MIN_SYMBOL_PIXELS = 2000

export type StatementReading =
  /** No e-Steuerauszug barcode at all: an ordinary document. */
  | { found: false }
  | { found: true; ok: true; statement: EStatement; xml: string }
  /** Barcodes were there but gave no statement; `reason` says why (stored as a recognition reason). */
  | { found: true; ok: false; reason: string }

/** zlib, bounded: a decompression bomb stops at MAX_XML_BYTES instead of filling memory. */
export function inflateBounded(bytes: Uint8Array, max = MAX_XML_BYTES): Uint8Array {
  return inflateSync(bytes, { maxOutputLength: max })
}

/** The statement held by a set of symbols (found on one or several pages, in any order). */
export function statementFromSymbols(symbols: BarcodeSymbol[]): StatementReading {
  const codes = symbols.filter((s) => s.format === 'Code128').map((s) => pageCode(s.text))
  const isStatement = codes.some((c) => c?.form === '196')
  const assembled = assemble(symbols)
  if (!assembled.ok) {
    if (assembled.reason === 'none' && !isStatement) return { found: false }
    if (assembled.reason === 'none') return fail('e-Steuerauszug page codes found, but no PDF417 barcode could be read')
    if (assembled.reason === 'incomplete') return fail(`incomplete statement: ${assembled.detail}`)
    return fail(`the statement's barcodes are too large (${assembled.detail})`)
  }
  let xml: string
  try {
    const raw = inflateBounded(assembled.bytes)
    xml = new TextDecoder('utf-8', { fatal: true }).decode(raw)
  } catch (err) {
    const code = (err as { code?: string }).code
    if (code === 'ERR_BUFFER_TOO_LARGE') return fail(`the statement's XML is larger than ${MAX_XML_BYTES} bytes`)
    // A PDF417 that is not a statement (a payment slip, a ticket) is an ordinary document.
    if (!isStatement) return { found: false }
    return fail(`the barcodes could not be decompressed (${(err as Error).message.slice(0, 100)})`)
  }
  try {
    return { found: true, ok: true, statement: statementFromXml(xml, assembled.symbols), xml }
  } catch (err) {
    if (err instanceof NotAStatement || err instanceof XmlRefused)
      return fail(`not an eCH-0196 statement: ${err.message}`)
    throw err
  }
}

const fail = (why: string): StatementReading => ({
  found: true,
  ok: false,
  reason: `e-Steuerauszug barcodes not read (${why}); read as text`,
})

/** What the statement reader needs of an opened PDF (worker/pdf.ts's openPdf). */
export interface PdfImages {
  pages: number
  images(page: number): Promise<Pixels[]>
  operators(page: number): Promise<OperatorList>
}

/**
 * The symbols on the barcode sheets of a PDF, its last MAX_BARCODE_PAGES pages: those of its images,
 * and where a page's images hold none, those it draws as vectors.
 */
export async function pdfSymbols(doc: PdfImages): Promise<BarcodeSymbol[]> {
  const out: BarcodeSymbol[] = []
  for (let page = Math.max(1, doc.pages - MAX_BARCODE_PAGES + 1); page <= doc.pages; page++) {
    const found: BarcodeSymbol[] = []
    for (const image of await doc.images(page)) {
      if (image.width * image.height < MIN_SYMBOL_PIXELS) continue
      found.push(...(await readSymbols(image)))
    }
    if (found.length === 0) {
      const raster = barRaster(await doc.operators(page))
      if (raster) found.push(...(await readSymbols(raster)))
    }
    out.push(...found)
  }
  return out
}

/** A statement from a PDF's barcodes. */
export async function readPdfStatement(doc: PdfImages): Promise<StatementReading> {
  return statementFromSymbols(await pdfSymbols(doc))
}

/** A statement from a photo or scan of a barcode sheet (PNG or JPEG bytes). */
export async function readImageStatement(bytes: Uint8Array): Promise<StatementReading> {
  return statementFromSymbols(await readSymbols(bytes))
}
