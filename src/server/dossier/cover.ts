import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { encodable, wrap } from '../advanced/power-of-attorney'

const A4: [number, number] = [595.28, 841.89]
const MARGIN = 50
const WIDTH = A4[0] - 2 * MARGIN
const INK = rgb(0.1, 0.1, 0.1)
const MUTED = rgb(0.35, 0.35, 0.35)
const RULE = rgb(0.8, 0.8, 0.8)
const ACCENT = rgb(0.85, 0.14, 0.16)

/**
 * Writes flowing text onto A4 pages of a pdf-lib document: headings, label–value lines, paragraphs and tables,
 * starting a new page when one is full. The standard fonts hold WinAnsi only; other letters are folded (encodable).
 */
export class PageWriter {
  #page!: PDFPage
  #y = 0
  private constructor(
    readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage()
  }

  static async create() {
    const doc = await PDFDocument.create({ updateMetadata: false })
    const [regular, bold] = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
    ])
    return new PageWriter(doc, regular, bold)
  }

  get pages() {
    return this.doc.getPageCount()
  }

  newPage() {
    this.#page = this.doc.addPage(A4)
    this.#y = A4[1] - MARGIN
  }

  #room(height: number) {
    if (this.#y - height < MARGIN) this.newPage()
  }

  #text(text: string, x: number, size: number, font: PDFFont, color = INK, maxWidth = WIDTH) {
    const fit = encodable(font)(text)
    const lines = wrap(fit, font, size, maxWidth)
    for (const line of lines.length ? lines : ['']) {
      this.#room(size + 4)
      this.#page.drawText(line, { x, y: this.#y - size, size, font, color })
      this.#y -= size + 4
    }
  }

  title(text: string, subtitle: string) {
    this.#page.drawRectangle({ x: MARGIN, y: this.#y - 4, width: 40, height: 4, color: ACCENT })
    this.#y -= 16
    this.#text(text, MARGIN, 22, this.bold)
    this.#text(subtitle, MARGIN, 10, this.regular, MUTED)
    this.#y -= 8
  }

  heading(text: string) {
    this.#room(60)
    this.#y -= 10
    this.#text(text, MARGIN, 13, this.bold)
    this.#page.drawLine({
      start: { x: MARGIN, y: this.#y + 1 },
      end: { x: MARGIN + WIDTH, y: this.#y + 1 },
      thickness: 0.5,
      color: RULE,
    })
    this.#y -= 4
  }

  /** A label on the left, its value beside it, each wrapped in its column. */
  field(label: string, value: string) {
    const size = 9.5
    const labelWidth = 170
    const left = wrap(encodable(this.regular)(label), this.regular, size, labelWidth - 8)
    const right = wrap(encodable(this.regular)(value || '–'), this.regular, size, WIDTH - labelWidth)
    for (let i = 0; i < Math.max(left.length, right.length); i++) {
      this.#room(size + 4)
      const y = this.#y - size
      if (left[i]) this.#page.drawText(left[i]!, { x: MARGIN, y, size, font: this.regular, color: MUTED })
      if (right[i]) this.#page.drawText(right[i]!, { x: MARGIN + labelWidth, y, size, font: this.regular, color: INK })
      this.#y -= size + 4
    }
  }

  paragraph(text: string, muted = false) {
    this.#text(text, MARGIN, 9.5, this.regular, muted ? MUTED : INK)
  }

  /** A table: the first column takes what the others leave; amounts are right-aligned. */
  table(header: string[], rows: string[][], opts: { widths: number[]; rightFrom: number; boldLast?: boolean }) {
    const size = 8.5
    const xs: number[] = []
    let x = MARGIN
    for (const w of opts.widths) {
      xs.push(x)
      x += w
    }
    const drawRow = (cells: string[], font: PDFFont) => {
      this.#room(size + 6)
      cells.forEach((cell, i) => {
        const fit = encodable(font)(cell)
        const width = opts.widths[i]! - 6
        let shown = fit
        while (shown.length > 1 && font.widthOfTextAtSize(shown, size) > width) shown = `${shown.slice(0, -2)}…`
        const w = font.widthOfTextAtSize(shown, size)
        const at = i >= opts.rightFrom ? xs[i]! + opts.widths[i]! - 6 - w : xs[i]!
        this.#page.drawText(shown, { x: at, y: this.#y - size, size, font, color: INK })
      })
      this.#y -= size + 6
    }
    // Header cells wrap onto a second line instead of being cut ("Withholding tax claim").
    const headerLines = header.map((h, i) => wrap(encodable(this.bold)(h), this.bold, size, opts.widths[i]! - 6))
    const depth = Math.max(...headerLines.map((l) => l.length))
    for (let line = 0; line < depth; line++)
      drawRow(
        headerLines.map((l) => (depth - l.length <= line ? (l[line - (depth - l.length)] ?? '') : '')),
        this.bold,
      )
    for (const [i, r] of rows.entries()) drawRow(r, opts.boldLast && i === rows.length - 1 ? this.bold : this.regular)
  }

  gap(points = 6) {
    this.#y -= points
  }
}
