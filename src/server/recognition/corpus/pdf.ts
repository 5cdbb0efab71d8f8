import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib'
import type { CorpusDoc } from './kinds'
import type { WideDoc } from './wide'

/** pdf-lib's standard fonts speak WinAnsi only: characters outside it become close equivalents. */
const winAnsi = (s: string) =>
  s
    .replace(/[–—]/g, '-')
    .replace(/[’‘]/g, "'")
    .replace(/°/g, 'o')
    .replace(/Œ/g, 'OE')
    .replace(/œ/g, 'oe')
    .replace(/‰/g, 'o/oo')
    .replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?')

/** A one-page A4 text PDF of a corpus document: title bold, lines below. */
export async function textPdf(doc: CorpusDoc): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false })
  const page = pdf.addPage([595, 842])
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  let y = 790
  for (const [i, line] of doc.lines.entries()) {
    const isTitle =
      i > 0 && doc.lines[i - 1] === '' && /^[A-ZÄÖÜÉÈ]/.test(line) && line.length < 80 && !/\d{4}-\d/.test(line)
    if (line) page.drawText(winAnsi(line), { x: 56, y, size: isTitle ? 13 : 10.5, font: isTitle ? bold : regular })
    y -= line ? 20 : 12
  }
  return pdf.save()
}

/** An image-only PDF: the page is one picture (a scan), no text layer. */
export async function imagePdf(image: Uint8Array, kind: 'png' | 'jpg'): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false })
  const img = kind === 'png' ? await pdf.embedPng(image) : await pdf.embedJpg(image)
  const page = pdf.addPage([595, 842])
  page.drawImage(img, { x: 0, y: 0, width: 595, height: 842 })
  return pdf.save()
}

/** A rubber stamp on paper: it reaches scans and photos, never a text layer. */
export interface Stamp {
  text: string
  /** 0..1 of the page's width and height, from the top left. */
  x: number
  y: number
  deg: number
  colour: 'red' | 'blue'
}
const FONTS = {
  letter: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  table: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
  window: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  dense: [StandardFonts.Courier, StandardFonts.CourierBold],
} as const

/**
 * A one-page A4 PDF of a wide-corpus document in its layout: a plain letter, a table with amounts in a
 * right-aligned column and rules, a window-envelope letter (issuer small at the top right, fine print at
 * the foot), or dense typewriter lines. With a stamp, a coloured box of text across the body.
 */
export async function widePdf(doc: WideDoc, stamp?: Stamp): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false })
  const page = pdf.addPage([595, 842])
  const [regularName, boldName] = FONTS[doc.layout]
  const regular = await pdf.embedFont(regularName)
  const bold = await pdf.embedFont(boldName)
  const size = doc.layout === 'dense' ? 9 : doc.layout === 'window' ? 9.5 : 10.5
  const step = doc.layout === 'dense' ? 13 : 18
  const body = doc.lines.filter((l) => !l.startsWith('_ '))
  const fine = doc.lines.filter((l) => l.startsWith('_ ')).map((l) => l.slice(2))
  let y = 790
  let i = 0
  if (doc.layout === 'window') {
    // Issuer block top right, small; the addressee where an envelope's window shows it.
    for (; i < body.length && body[i]; i++, y -= 11)
      page.drawText(winAnsi(body[i]!), { x: 350, y, size: 8, font: i === 0 ? bold : regular })
    y = 690
    for (i++; i < body.length && body[i] && !body[i]!.startsWith('# '); i++, y -= 13)
      page.drawText(winAnsi(body[i]!), { x: 70, y, size: 10, font: regular })
    y = 600
  }
  for (; i < body.length; i++) {
    const line = body[i]!
    if (!line) {
      y -= step * 0.6
      continue
    }
    if (line.startsWith('# ')) {
      page.drawText(winAnsi(line.slice(2)), { x: 56, y, size: size + 3, font: bold })
      y -= step * 1.4
      continue
    }
    const cut = line.lastIndexOf('  ')
    if ((doc.layout === 'table' || doc.layout === 'dense') && cut > 0) {
      const label = winAnsi(line.slice(0, cut).replace(/ {2,}/g, '   '))
      const amount = winAnsi(line.slice(cut + 2))
      page.drawText(label, { x: 56, y, size, font: regular, maxWidth: 400 })
      const right = doc.layout === 'table' ? 540 : 500
      page.drawText(amount, { x: right - regular.widthOfTextAtSize(amount, size), y, size, font: regular })
      if (doc.layout === 'table')
        page.drawLine({
          start: { x: 56, y: y - 5 },
          end: { x: 540, y: y - 5 },
          thickness: 0.4,
          color: rgb(0.6, 0.6, 0.6),
        })
    } else page.drawText(winAnsi(line), { x: 56, y, size, font: regular, maxWidth: 490, lineHeight: size * 1.25 })
    y -= line.length > 85 ? step * 1.8 : step
  }
  for (const [n, line] of fine.entries())
    page.drawText(winAnsi(line), { x: 56, y: 50 - n * 10, size: 7, font: regular, color: rgb(0.3, 0.3, 0.3) })
  if (stamp) {
    const colour = stamp.colour === 'red' ? rgb(0.8, 0.1, 0.1) : rgb(0.1, 0.2, 0.75)
    const w = bold.widthOfTextAtSize(stamp.text, 20) + 20
    const x = stamp.x * 595,
      sy = 842 - stamp.y * 842
    page.drawRectangle({
      x,
      y: sy,
      width: w,
      height: 34,
      borderColor: colour,
      borderWidth: 2.5,
      rotate: degrees(stamp.deg),
      opacity: 0,
      borderOpacity: 0.75,
    })
    const rad = (stamp.deg * Math.PI) / 180
    page.drawText(stamp.text, {
      x: x + 10 * Math.cos(rad) - 10 * Math.sin(rad),
      y: sy + 10 * Math.sin(rad) + 10 * Math.cos(rad),
      size: 20,
      font: bold,
      color: colour,
      rotate: degrees(stamp.deg),
      opacity: 0.75,
    })
  }
  return pdf.save()
}
