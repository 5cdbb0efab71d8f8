import { PDFDocument, StandardFonts } from 'pdf-lib'
import type { CorpusDoc } from './kinds'

/** pdf-lib's standard fonts speak WinAnsi only: characters outside it become close equivalents. */
const winAnsi = (s: string) =>
  s
    .replace(/[–—]/g, '-')
    .replace(/[’‘]/g, "'")
    .replace(/°/g, 'o')
    .replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?')

/** A one-page A4 text PDF of a corpus document: title bold, lines below. */
export async function textPdf(doc: CorpusDoc): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
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
  const pdf = await PDFDocument.create()
  const img = kind === 'png' ? await pdf.embedPng(image) : await pdf.embedJpg(image)
  const page = pdf.addPage([595, 842])
  page.drawImage(img, { x: 0, y: 0, width: 595, height: 842 })
  return pdf.save()
}
