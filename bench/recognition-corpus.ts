// The labelled corpus of the recognition bench: invented documents (src/server/recognition/corpus)
// as text PDFs, as 200-dpi scans (pdftoppm from Debian's poppler-utils, then a slight turn,
// noise and JPEG), as phone photos (150 dpi, a larger turn, blur, uneven light, strong JPEG)
// and as image-only PDFs (the scan wrapped in a PDF without a text layer).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Jimp } from 'jimp'
import { KINDS, LANGS, makeDoc, type CorpusDoc } from '../src/server/recognition/corpus/kinds'
import { rng, type Rng } from '../src/server/recognition/corpus/people'
import { imagePdf, textPdf } from '../src/server/recognition/corpus/pdf'

export type Form = 'text-pdf' | 'scan' | 'photo' | 'image-pdf'
export interface Sample {
  doc: CorpusDoc
  form: Form
  name: string
  bytes: Uint8Array
}

/** One PDF page as a grey PNG at `dpi` (pdftoppm, Debian's poppler-utils). */
export function rasterise(pdf: Uint8Array, dpi: number): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'swisstax-corpus-'))
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf)
    const r = Bun.spawnSync([
      'pdftoppm',
      '-r',
      String(dpi),
      '-gray',
      '-png',
      '-singlefile',
      join(dir, 'in.pdf'),
      join(dir, 'page'),
    ])
    if (r.exitCode !== 0) throw new Error(`pdftoppm failed (apt-get install poppler-utils): ${r.stderr.toString()}`)
    return new Uint8Array(readFileSync(join(dir, 'page.png')))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function degrade(png: Uint8Array, r: Rng, photo: boolean): Promise<Uint8Array> {
  const img = await Jimp.read(Buffer.from(png))
  const turn = (r.next() * 2 - 1) * (photo ? 3 : 1.2)
  img.rotate({ deg: turn, mode: false })
  const d = img.bitmap.data,
    w = img.bitmap.width,
    h = img.bitmap.height
  for (let y = 0; y < h; y++) {
    // Uneven light on photos: darker towards one corner.
    const shade = photo ? 1 - 0.25 * (y / h) : 1
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4
      const noise = (r.next() - 0.5) * (photo ? 50 : 30)
      const edge = d[i + 3] === 0 ? 255 : d[i]! // the corners the turn uncovered
      const v = Math.max(0, Math.min(255, edge * shade * (photo ? 1 - 0.15 * (x / w) : 1) + noise))
      d[i] = d[i + 1] = d[i + 2] = v
      d[i + 3] = 255
    }
  }
  if (photo) img.blur(1)
  return new Uint8Array(await img.getBuffer('image/jpeg', { quality: photo ? 55 : 75 }))
}

/**
 * `perCell` documents per kind and language as text PDFs. OCR is slow on a shared machine, so
 * only the first document of one language per kind (the language rotates) is also scanned, and
 * every other kind is photographed or wrapped as an image-only PDF as well.
 */
export async function buildCorpus(opts: { perCell: number }): Promise<Sample[]> {
  const r = rng(2026)
  const out: Sample[] = []
  for (const [k, kind] of KINDS.entries())
    for (const [l, lang] of LANGS.entries())
      for (let i = 0; i < opts.perCell; i++) {
        const doc = makeDoc(kind, lang, r, r.int(2021, 2025))
        const pdf = await textPdf(doc)
        out.push({ doc, form: 'text-pdf', name: `${kind}-${lang}-${i}.pdf`, bytes: pdf })
        if (i > 0 || l !== k % LANGS.length) continue
        const scan = await degrade(rasterise(pdf, 200), r, false)
        out.push({ doc, form: 'scan', name: `${kind}-${lang}-scan.jpg`, bytes: scan })
        if (k % 2 === 0)
          out.push({ doc, form: 'image-pdf', name: `${kind}-${lang}-scan.pdf`, bytes: await imagePdf(scan, 'jpg') })
        else
          out.push({
            doc,
            form: 'photo',
            name: `${kind}-${lang}-photo.jpg`,
            bytes: await degrade(rasterise(pdf, 150), r, true),
          })
      }
  return out
}

/**
 * Full-resolution phone photos (issue 14: a 12-megapixel photo took 17 s): the page at 340 dpi
 * (2810 × 3977, 11 megapixels, what a 12-megapixel camera sees of an A4 page filling the frame),
 * degraded like the corpus photos. The worker brings them down to OCR_MAX_SIDE before OCR.
 */
export async function phonePhotos(count: number): Promise<Sample[]> {
  const r = rng(4711)
  const out: Sample[] = []
  for (let i = 0; i < count; i++) {
    const kind = i % 2 ? 'pillar3a' : 'salary'
    const lang = LANGS[i % LANGS.length]!
    const doc = makeDoc(kind, lang, r, 2025)
    const bytes = await degrade(rasterise(await textPdf(doc), 340), r, true)
    out.push({ doc, form: 'photo', name: `${kind}-${lang}-photo-12mp.jpg`, bytes })
  }
  return out
}
