import { PDFDocument, PDFHexString, PDFName, PDFPageLeaf, PDFRef, type PDFObject } from 'pdf-lib'

/** One entry of the dossier's bookmarks: a title, the page it opens, and entries under it. */
export interface Bookmark {
  title: string
  /** Index of the page in the whole output, from 0. */
  page: number
  children: Bookmark[]
}

const encoder = new TextEncoder()
const bytesOf = (text: string) => encoder.encode(text)

/** The object numbers the writer keeps for itself; the copied pages' objects are numbered after them. */
const CATALOG = 1
const PAGES = 2
const OUTLINES = 3
const FIRST_FREE = 3

/**
 * Writes one PDF out of many, object by object, while they are added: each part's pages are copied into a
 * document of their own whose object numbers continue the output's, written out and let go. Memory holds
 * the part being added (the largest document of a dossier, not the dossier), plus one reference per page;
 * pdf-lib alone would hold every part until `save()` and then the whole file once more.
 */
export class PdfStream {
  #next = FIRST_FREE
  #offset = 0
  #offsets: number[] = []
  #pages: PDFRef[] = []

  /** `sink` receives the file in order; it may wait (backpressure). */
  constructor(private readonly sink: (chunk: Uint8Array) => Promise<void>) {}

  get pageCount() {
    return this.#pages.length
  }

  async #write(chunk: Uint8Array) {
    this.#offset += chunk.length
    await this.sink(chunk)
  }

  async #object(objectNumber: number, body: Uint8Array) {
    this.#offsets[objectNumber] = this.#offset
    await this.#write(bytesOf(`${objectNumber} 0 obj\n`))
    await this.#write(body)
    await this.#write(bytesOf('\nendobj\n'))
  }

  async begin() {
    // The binary comment line tells transfer programs that the file is binary (PDF 32000-1, 7.5.2).
    await this.#write(new Uint8Array([...bytesOf('%PDF-1.7\n%'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]))
  }

  /** Appends every page of `source` (a loaded or a freshly drawn document) and writes what they need. */
  async append(source: PDFDocument): Promise<number> {
    await source.flush()
    const part = await PDFDocument.create({ updateMetadata: false })
    const first = this.#next
    part.context.largestObjectNumber = first
    const pages = await part.copyPages(source, source.getPageIndices())
    const pageRefs = new Set(pages.map((p) => p.ref.objectNumber))
    const written: [PDFRef, PDFObject][] = part.context
      .enumerateIndirectObjects()
      .filter(([ref]) => ref.objectNumber > first)
    for (const [ref, object] of written) {
      if (pageRefs.has(ref.objectNumber) && object instanceof PDFPageLeaf)
        object.set(PDFName.of('Parent'), PDFRef.of(PAGES))
      const body = new Uint8Array(object.sizeInBytes())
      object.copyBytesInto(body, 0)
      await this.#object(ref.objectNumber, body)
    }
    this.#next = Math.max(this.#next, part.context.largestObjectNumber)
    for (const p of pages) this.#pages.push(p.ref)
    return pages.length
  }

  /** The page tree, the bookmarks, the catalog, the cross-reference table and the trailer. */
  async end(bookmarks: Bookmark[], info: { title: string; author: string }) {
    const kids = this.#pages.map((r) => `${r.objectNumber} 0 R`).join(' ')
    await this.#object(PAGES, bytesOf(`<< /Type /Pages /Kids [${kids}] /Count ${this.#pages.length} >>`))
    const outlineRoot = await this.#outlines(bookmarks)
    await this.#object(
      CATALOG,
      bytesOf(
        `<< /Type /Catalog /Pages ${PAGES} 0 R` +
          `${outlineRoot ? ` /Outlines ${OUTLINES} 0 R /PageMode /UseOutlines` : ''} >>`,
      ),
    )
    const infoNumber = ++this.#next
    await this.#object(
      infoNumber,
      bytesOf(
        `<< /Title ${PDFHexString.fromText(info.title)} /Author ${PDFHexString.fromText(info.author)} ` +
          `/Producer ${PDFHexString.fromText('swisstax')} >>`,
      ),
    )
    const size = this.#next + 1
    const xrefAt = this.#offset
    const lines = ['xref', `0 ${size}`, '0000000000 65535 f\r']
    for (let n = 1; n < size; n++) {
      const at = this.#offsets[n]
      lines.push(at === undefined ? '0000000000 00000 f\r' : `${String(at).padStart(10, '0')} 00000 n\r`)
    }
    await this.#write(bytesOf(`${lines.join('\n')}\n`))
    await this.#write(
      bytesOf(
        `trailer\n<< /Size ${size} /Root ${CATALOG} 0 R /Info ${infoNumber} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`,
      ),
    )
  }

  /** Writes the outline items (PDF 32000-1, 12.3.3); true when there are any. */
  async #outlines(bookmarks: Bookmark[]): Promise<boolean> {
    if (bookmarks.length === 0) return false
    const numberOf = new Map<Bookmark, number>()
    const number = (items: Bookmark[]) => {
      for (const b of items) {
        numberOf.set(b, ++this.#next)
        number(b.children)
      }
    }
    number(bookmarks)
    const count = (items: Bookmark[]): number => items.reduce((n, b) => n + 1 + count(b.children), 0)
    const write = async (items: Bookmark[], parent: number) => {
      for (const [i, b] of items.entries()) {
        const page = this.#pages[Math.min(b.page, this.#pages.length - 1)]!
        const parts = [
          `/Title ${PDFHexString.fromText(b.title)}`,
          `/Parent ${parent} 0 R`,
          `/Dest [${page.objectNumber} 0 R /Fit]`,
        ]
        if (i > 0) parts.push(`/Prev ${numberOf.get(items[i - 1]!)} 0 R`)
        if (i < items.length - 1) parts.push(`/Next ${numberOf.get(items[i + 1]!)} 0 R`)
        if (b.children.length) {
          parts.push(
            `/First ${numberOf.get(b.children[0]!)} 0 R`,
            `/Last ${numberOf.get(b.children.at(-1)!)} 0 R`,
            // Negative: closed at first, the categories show and their documents unfold on a click.
            `/Count -${count(b.children)}`,
          )
        }
        await this.#object(numberOf.get(b)!, bytesOf(`<< ${parts.join(' ')} >>`))
        await write(b.children, numberOf.get(b)!)
      }
    }
    await write(bookmarks, OUTLINES)
    await this.#object(
      OUTLINES,
      bytesOf(
        `<< /Type /Outlines /First ${numberOf.get(bookmarks[0]!)} 0 R /Last ${numberOf.get(bookmarks.at(-1)!)} 0 R ` +
          `/Count ${bookmarks.length} >>`,
      ),
    )
    return true
  }
}
