import { Jimp } from 'jimp'
import { rasterise as renderPage } from './recognition-corpus'
import { rng, type Rng } from '../src/server/recognition/corpus/people'
import { imagePdf, widePdf, type Stamp } from '../src/server/recognition/corpus/pdf'
import { wideCorpus, type Part, type WideDoc } from '../src/server/recognition/corpus/wide'

export type WideForm = 'text-pdf' | 'scan' | 'photo' | 'image-pdf'
export const WIDE_FORMS: WideForm[] = ['text-pdf', 'scan', 'photo', 'image-pdf']
export interface WideSample {
  doc: WideDoc
  form: WideForm
  name: string
  bytes: Uint8Array
  /** The noise it was given, in words, for the list of misses. */
  noise: string
}
interface Grey {
  data: Uint8Array
  width: number
  height: number
}

/** The page as grey pixels: the corpus bench's rendering (pdftoppm), decoded. */
async function rasterise(pdf: Uint8Array, dpi: number): Promise<Grey> {
  const img = await Jimp.read(Buffer.from(renderPage(pdf, dpi)))
  const { width, height, data } = img.bitmap
  const grey = new Uint8Array(width * height)
  for (let i = 0; i < grey.length; i++) grey[i] = data[i * 4]!
  return { data: grey, width, height }
}

type Pt = [number, number]
/** The homography that maps the four points `from` onto `to` (8 unknowns, Gaussian elimination). */
function homography(from: Pt[], to: Pt[]): number[] {
  const a: number[][] = []
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!,
      [u, v] = to[i]!
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v])
  }
  for (let c = 0; c < 8; c++) {
    let p = c
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r
    ;[a[c], a[p]] = [a[p]!, a[c]!]
    for (let r = 0; r < 8; r++) {
      if (r === c) continue
      const f = a[r]![c]! / a[c]![c]!
      for (let k = c; k < 9; k++) a[r]![k]! -= f * a[c]![k]!
    }
  }
  return [...a.map((row, i) => row[8]! / row[i]!), 1]
}

/**
 * The page as the camera or scanner sees it: the page's corners land on `quad` (output pixels), the rest
 * is `background`. Bilinear sampling.
 */
function warp(page: Grey, quad: Pt[], background: number): Grey {
  const { width, height } = page
  const src: Pt[] = [
    [0, 0],
    [width - 1, 0],
    [width - 1, height - 1],
    [0, height - 1],
  ]
  const h = homography(quad, src) // output → page
  const out = new Uint8Array(width * height)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const w = h[6]! * x + h[7]! * y + h[8]!
      const sx = (h[0]! * x + h[1]! * y + h[2]!) / w
      const sy = (h[3]! * x + h[4]! * y + h[5]!) / w
      const x0 = Math.floor(sx),
        y0 = Math.floor(sy)
      if (x0 < 0 || y0 < 0 || x0 >= width - 1 || y0 >= height - 1) {
        out[y * width + x] = background
        continue
      }
      const fx = sx - x0,
        fy = sy - y0,
        i = y0 * width + x0
      const top = page.data[i]! * (1 - fx) + page.data[i + 1]! * fx
      const bottom = page.data[i + width]! * (1 - fx) + page.data[i + width + 1]! * fx
      out[y * width + x] = top * (1 - fy) + bottom * fy
    }
  return { data: out, width, height }
}

/** A 3×3 box blur, `times` over: out of focus, or a scanner's soft optics. */
function blur(g: Grey, times: number): Grey {
  let d = g.data
  const { width: w, height: h } = g
  for (let n = 0; n < times; n++) {
    const tmp = new Uint8Array(d.length),
      out = new Uint8Array(d.length)
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = y * w + x
        tmp[i] = (d[i - (x > 0 ? 1 : 0)]! + d[i]! + d[i + (x < w - 1 ? 1 : 0)]!) / 3
      }
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = y * w + x
        out[i] = (tmp[i - (y > 0 ? w : 0)]! + tmp[i]! + tmp[i + (y < h - 1 ? w : 0)]!) / 3
      }
    d = out
  }
  return { ...g, data: d }
}

interface Noise {
  dpi: number
  turn: number
  keystone: number
  margin: number
  light: number
  contrast: [number, number]
  blur: number
  grain: number
  fax: boolean
  jpeg: number
  stamp?: Stamp
}
const STAMPS = ['BEZAHLT', 'PAYÉ', 'PAGATO', 'PAID', 'KOPIE', 'COPIE', 'COPIA', 'ERHALTEN', 'REÇU', 'RICEVUTO']

function noiseFor(form: WideForm, r: Rng): Noise {
  const photo = form === 'photo'
  const lowContrast = r.next() < (photo ? 0.4 : 0.3)
  return {
    dpi: photo ? r.pick([150, 180, 200]) : r.pick([150, 200, 200, 300]),
    turn: (r.next() * 2 - 1) * (photo ? 4 : 2.5),
    keystone: photo ? 0.02 + r.next() * 0.06 : 0,
    margin: photo ? 0.03 + r.next() * 0.06 : 0,
    light: photo ? 0.15 + r.next() * 0.25 : r.next() * 0.08,
    contrast: lowContrast ? [r.int(60, 110), r.int(190, 225)] : [0, r.int(235, 255)],
    blur: photo ? r.pick([0, 1, 1, 2]) : r.pick([0, 0, 1]),
    grain: photo ? r.int(6, 16) : r.int(3, 12),
    fax: !photo && r.next() < 0.15,
    jpeg: photo ? r.int(50, 75) : r.int(55, 85),
    stamp:
      r.next() < 0.4
        ? {
            text: r.pick(STAMPS),
            x: 0.35 + r.next() * 0.3,
            y: 0.2 + r.next() * 0.3,
            deg: (r.next() * 2 - 1) * 25,
            colour: r.pick(['red', 'blue'] as const),
          }
        : undefined,
  }
}
const describe = (n: Noise, form: WideForm) =>
  [
    `${n.dpi} dpi`,
    `${n.turn.toFixed(1)}°`,
    n.keystone ? `keystone ${(n.keystone * 100).toFixed(0)} %` : '',
    n.contrast[0] > 0 ? `low contrast ${n.contrast[0]}–${n.contrast[1]}` : '',
    n.blur ? `blur ${n.blur}` : '',
    n.fax ? 'thresholded' : '',
    n.stamp ? `stamp ${n.stamp.text}` : '',
    `JPEG ${n.jpeg}`,
    form === 'image-pdf' ? 'in a PDF' : '',
  ]
    .filter(Boolean)
    .join(', ')

async function degrade(page: Grey, n: Noise, r: Rng): Promise<Uint8Array> {
  const { width: w, height: h } = page
  // Where the page's corners land: a turn about the centre, and for photos a margin of desk and a
  // keystone (the camera held a little below or above the page's centre).
  const m = n.margin,
    k = n.keystone * (r.next() < 0.5 ? 1 : -1)
  const corners: Pt[] = [
    [w * (m + Math.max(k, 0)), h * m],
    [w * (1 - m - Math.max(k, 0)), h * m],
    [w * (1 - m - Math.max(-k, 0)), h * (1 - m)],
    [w * (m + Math.max(-k, 0)), h * (1 - m)],
  ]
  const rad = (n.turn * Math.PI) / 180,
    cx = w / 2,
    cy = h / 2
  const quad = corners.map(
    ([x, y]) =>
      [
        cx + (x - cx) * Math.cos(rad) - (y - cy) * Math.sin(rad),
        cy + (x - cx) * Math.sin(rad) + (y - cy) * Math.cos(rad),
      ] as Pt,
  )
  let g = warp(page, quad, m > 0 ? r.int(70, 130) : 245)
  if (n.blur) g = blur(g, n.blur)
  const angle = r.next() * Math.PI * 2
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)]
  const d = g.data
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x
      // Uneven light: a ramp across the page from a random side, and a vignette for photos.
      const ramp = ((x / w - 0.5) * dx + (y / h - 0.5) * dy + 0.71) / 1.42
      const vignette = m > 0 ? 0.12 * (((x - cx) / cx) ** 2 + ((y - cy) / cy) ** 2) : 0
      let v = d[i]! * (1 - n.light * ramp - vignette)
      v = n.contrast[0] + ((n.contrast[1] - n.contrast[0]) * v) / 255
      v += (r.next() + r.next() - 1) * n.grain
      if (n.fax) v = v < 150 ? (r.next() < 0.004 ? 255 : 0) : r.next() < 0.002 ? 0 : 255
      d[i] = Math.max(0, Math.min(255, v))
    }
  const rgba = Buffer.alloc(w * h * 4)
  for (let i = 0; i < d.length; i++) {
    rgba[i * 4] = rgba[i * 4 + 1] = rgba[i * 4 + 2] = d[i]!
    rgba[i * 4 + 3] = 255
  }
  const img = Jimp.fromBitmap({ data: rgba, width: w, height: h })
  return new Uint8Array(await img.getBuffer('image/jpeg', { quality: n.jpeg }))
}

/**
 * One part of the wide corpus as files: every document as a text PDF; the first of each kind, language
 * and wording also as a scan, a photo or an image-only PDF (in rotation), with its own noise.
 */
export async function buildWideCorpus(
  part: Part,
  opts: { perVariant?: number; onlyText?: boolean; only?: (name: string) => boolean } = {},
) {
  const docs = wideCorpus(part, opts.perVariant ?? 2)
  const out: WideSample[] = []
  const seen = new Set<string>()
  let turn = { tuning: 0, round1: 1, round2: 2, round3: 0, round4: 1, 'held-out': 2 }[part]
  for (const [i, doc] of docs.entries()) {
    const base = `${part}-${doc.kind}-${doc.lang}-${doc.variant}-${i}`
    const wanted = opts.only ?? (() => true)
    if (wanted(`${base}.pdf`))
      out.push({ doc, form: 'text-pdf', name: `${base}.pdf`, bytes: await widePdf(doc), noise: doc.layout })
    const key = `${doc.kind}/${doc.lang}/${doc.variant}`
    if (opts.onlyText || seen.has(key)) continue
    seen.add(key)
    const form = (['scan', 'photo', 'image-pdf'] as const)[turn++ % 3]!
    if (!wanted(`${base}-${form}.${form === 'image-pdf' ? 'pdf' : 'jpg'}`)) continue
    const r = rng(doc.seed)
    const n = noiseFor(form, r)
    const jpeg = await degrade(await rasterise(await widePdf(doc, n.stamp), n.dpi), n, r)
    const bytes = form === 'image-pdf' ? await imagePdf(jpeg, 'jpg') : jpeg
    out.push({
      doc,
      form,
      name: `${base}-${form}.${form === 'image-pdf' ? 'pdf' : 'jpg'}`,
      bytes,
      noise: `${doc.layout}; ${describe(n, form)}`,
    })
  }
  return out
}
