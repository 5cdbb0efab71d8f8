import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import type { PoaLanguage } from './poa-languages'

export { isPoaLanguage, POA_LANGUAGES, swissDate, type PoaLanguage } from './poa-languages'
import en from '../../../locales/en/advanced.json'
import de from '../../../locales/de/advanced.json'
import fr from '../../../locales/fr/advanced.json'
import it from '../../../locales/it/advanced.json'

/**
 * The power of attorney as a real document (docs/advanced.md): generated with pdf-lib from the
 * person's data and the firm's settings, in one of the languages a Swiss tax office reads.
 * The same function with no person makes the blank forms build.ts puts under /docs/.
 * Texts come from the locale files (advanced:poa_pdf.*), so they are translated once.
 */
type Texts = typeof en.poa_pdf
const TEXTS: Record<PoaLanguage, Texts> = { en: en.poa_pdf, de: de.poa_pdf, fr: fr.poa_pdf, it: it.poa_pdf }

export interface PoaData {
  /** Null on the blank form: the year is written in by hand. */
  taxYear: number | null
  /** Null on the blank form made at build time, before any firm's settings exist. */
  firm: { name: string; address: string } | null
  /** Absent for the blank form: every field gets a line to write on. */
  person?: {
    name: string
    address: string
    dateOfBirth: string
    canton: string
    taxId: string
    /** The spouse's name when the year has one: a joint return, so the power names them too. */
    spouse?: string
    place: string
    date: string
  }
}

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(params[k] ?? ''))

const A4: [number, number] = [595.28, 841.89]
const MARGIN = 56
const INK = rgb(0.1, 0.1, 0.1)
const MUTED = rgb(0.35, 0.35, 0.35)

/**
 * The standard fonts encode WinAnsi only: letters outside it (ł, ő, Chinese …) would make
 * pdf-lib throw. They are folded to their base letter where one exists, else replaced by '?'.
 */
// Latin letters whose base letter NFD does not split off.
const FOLD: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't' }

export function encodable(font: PDFFont) {
  const set = new Set(font.getCharacterSet())
  return (s: string) =>
    [...s.replace(/\s+/g, ' ')]
      .map((ch) => {
        if (set.has(ch.codePointAt(0)!)) return ch
        const base = FOLD[ch] ?? ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
        return [...base].every((c) => set.has(c.codePointAt(0)!)) ? base : '?'
      })
      .join('')
}

export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line)
      line = word
    } else line = next
  }
  if (line) lines.push(line)
  return lines
}

class Writer {
  y = A4[1] - MARGIN
  constructor(
    private page: PDFPage,
    private fonts: { regular: PDFFont; bold: PDFFont },
    private safe: (s: string) => string,
  ) {}
  text(s: string, opts: { size?: number; bold?: boolean; color?: typeof INK; gap?: number } = {}) {
    const size = opts.size ?? 10.5
    const font = opts.bold ? this.fonts.bold : this.fonts.regular
    for (const line of wrap(this.safe(s), font, size, A4[0] - 2 * MARGIN)) {
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: opts.color ?? INK })
      this.y -= size * 1.4
    }
    this.y -= opts.gap ?? 4
  }
  /** A label and its value on one row; no value: a line to write on. */
  field(label: string, value: string | undefined) {
    const size = 10.5
    const x = MARGIN + 150
    this.page.drawText(this.safe(label), { x: MARGIN, y: this.y, size, font: this.fonts.bold, color: INK })
    if (value) {
      for (const [i, line] of wrap(this.safe(value), this.fonts.regular, size, A4[0] - MARGIN - x).entries()) {
        if (i > 0) this.y -= size * 1.4
        this.page.drawText(line, { x, y: this.y, size, font: this.fonts.regular, color: INK })
      }
    } else {
      this.page.drawLine({
        start: { x, y: this.y - 2 },
        end: { x: A4[0] - MARGIN, y: this.y - 2 },
        thickness: 0.6,
        color: MUTED,
      })
    }
    this.y -= size * 2
  }
  signatureLine(label: string, x: number, width: number) {
    this.page.drawLine({ start: { x, y: this.y }, end: { x: x + width, y: this.y }, thickness: 0.8, color: INK })
    this.page.drawText(this.safe(label), { x, y: this.y - 14, size: 9, font: this.fonts.regular, color: MUTED })
  }
}

/** One A4 page: title, principal, representative, scope, place and date, signature. */
export async function powerOfAttorneyPdf(data: PoaData, lang: PoaLanguage): Promise<Uint8Array> {
  const t = TEXTS[lang]
  const doc = await PDFDocument.create()
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const safe = encodable(regular)
  const year = data.taxYear ?? '________'
  doc.setTitle(safe(`${t.title} ${data.taxYear ?? ''}`.trim()))
  doc.setLanguage(lang === 'en' ? 'en-CH' : `${lang}-CH`)
  doc.setProducer('SwissTax')
  doc.setCreator(safe(data.firm?.name ?? 'SwissTax'))
  // A fixed date keeps the blank forms byte-for-byte reproducible between builds.
  doc.setCreationDate(new Date(0))
  doc.setModificationDate(new Date(0))

  const w = new Writer(doc.addPage(A4), { regular, bold }, safe)
  const p = data.person
  w.text(t.title, { size: 20, bold: true, gap: 2 })
  w.text(fill(t.subtitle, { year }), { size: 12, color: MUTED, gap: 14 })

  w.text(t.principal, { size: 12.5, bold: true, gap: 6 })
  w.field(t.name, p?.name)
  w.field(t.address, p?.address)
  w.field(t.date_of_birth, p?.dateOfBirth)
  w.field(t.canton, p?.canton)
  w.field(t.tax_id, p?.taxId)
  if (p?.spouse) w.field(t.spouse, p.spouse)
  w.y -= 4

  w.text(t.representative, { size: 12.5, bold: true, gap: 6 })
  w.field(t.firm, data.firm?.name)
  w.field(t.address, data.firm?.address)
  w.y -= 4

  w.text(t.scope_heading, { size: 12.5, bold: true, gap: 6 })
  w.text(fill(t.scope, { year }), { gap: 6 })
  w.text(t.no_payments, { gap: 6 })
  w.text(t.revocation, { gap: 22 })

  w.field(t.place_date, p ? `${p.place}, ${p.date}` : undefined)
  w.y -= 40
  w.signatureLine(t.signature, MARGIN, 240)
  return doc.save({ useObjectStreams: false })
}
