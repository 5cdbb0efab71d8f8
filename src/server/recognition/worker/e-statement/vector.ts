import { OPS } from 'unpdf/pdfjs'
import type { Pixels } from './symbols'

/**
 * Barcodes a PDF draws as vectors (many generators paint CODE128 and some PDF417 bar by bar as
 * filled rectangles) have no image to decode. The server has no canvas to render a page with, so
 * the filled axis-aligned rectangles of a page's operator list are drawn here into a grey raster,
 * around where the bars are; text and curves are left out, which a barcode does not need.
 */
export interface OperatorList {
  fnArray: number[]
  argsArray: unknown[][]
}
type Matrix = [number, number, number, number, number, number]

const FILLS = new Set<number>([
  OPS.fill,
  OPS.eoFill,
  OPS.fillStroke,
  OPS.eoFillStroke,
  OPS.closeFillStroke,
  OPS.closeEOFillStroke,
])
const MOVE_TO = 0
const LINE_TO = 1
const CLOSE = 4
/** Pixels per PDF point: 216 dpi, three pixels for the narrowest bar the guideline allows (0.3 mm). */
export const VECTOR_SCALE = 3
/** A page with fewer bar-like rectangles than this has no vector barcode. */
const MIN_BARS = 20
/** The raster at most (pixels): a whole A4 page at VECTOR_SCALE is about 4.5 million. */
const MAX_PIXELS = 6_000_000
const QUIET = 12 // points of white around the bars

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
]
const apply = (m: Matrix, x: number, y: number) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]] as const

interface Rect {
  x0: number
  y0: number
  x1: number
  y1: number
  dark: boolean
}

/** The rectangles of one path's data (PDF.js's Float32Array of drawing ops), or null if it has anything else. */
function rectangles(data: ArrayLike<number>): [number, number][][] | null {
  const out: [number, number][][] = []
  let current: [number, number][] = []
  for (let i = 0; i < data.length; ) {
    const op = data[i++]
    if (op === MOVE_TO) {
      if (current.length) out.push(current)
      current = [[data[i]!, data[i + 1]!]]
      i += 2
    } else if (op === LINE_TO) {
      current.push([data[i]!, data[i + 1]!])
      i += 2
    } else if (op === CLOSE) {
      if (current.length) out.push(current)
      current = []
    } else return null
  }
  if (current.length) out.push(current)
  return out.every((pts) => pts.length >= 4 && pts.length <= 5) ? out : null
}

function darkness(args: unknown[]): boolean {
  const color = args[0]
  if (typeof color === 'string' && /^#[0-9a-f]{6}$/i.test(color)) {
    const v = Number.parseInt(color.slice(1), 16)
    return ((v >> 16) & 255) * 0.3 + ((v >> 8) & 255) * 0.59 + (v & 255) * 0.11 < 128
  }
  if (Array.isArray(args) && args.length >= 3)
    return Number(args[0]) * 0.3 + Number(args[1]) * 0.59 + Number(args[2]) * 0.11 < 128
  return true
}

/** The filled rectangles of a page, in page points (axis-aligned after the transforms). */
export function filledRects(ops: OperatorList): Rect[] {
  const rects: Rect[] = []
  let ctm: Matrix = [1, 0, 0, 1, 0, 0]
  let dark = true
  const stack: { ctm: Matrix; dark: boolean }[] = []
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i]
    const args = ops.argsArray[i] ?? []
    if (fn === OPS.save) stack.push({ ctm, dark })
    else if (fn === OPS.restore) ({ ctm, dark } = stack.pop() ?? { ctm, dark })
    else if (fn === OPS.transform) ctm = multiply(args as Matrix, ctm)
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push({ ctm, dark })
      if (Array.isArray(args[0]) && args[0].length === 6) ctm = multiply(args[0] as Matrix, ctm)
    } else if (fn === OPS.paintFormXObjectEnd) ({ ctm, dark } = stack.pop() ?? { ctm, dark })
    else if (fn === OPS.setFillRGBColor || fn === OPS.setFillGray) dark = darkness(args)
    else if (fn === OPS.constructPath && FILLS.has(args[0] as number)) {
      const data = (args[1] as (ArrayLike<number> | null)[] | undefined)?.[0]
      if (!data) continue
      for (const pts of rectangles(data) ?? []) {
        const t = pts.map(([x, y]) => apply(ctm, x, y))
        const xs = t.map((p) => p[0])
        const ys = t.map((p) => p[1])
        const x0 = Math.min(...xs)
        const x1 = Math.max(...xs)
        const y0 = Math.min(...ys)
        const y1 = Math.max(...ys)
        // Only axis-aligned: every corner on the box's edge.
        if (
          t.every(
            ([x, y]) =>
              (x === x0 || x === x1 || Math.abs(x - x0) < 0.01 || Math.abs(x - x1) < 0.01) &&
              (Math.abs(y - y0) < 0.01 || Math.abs(y - y1) < 0.01),
          )
        )
          rects.push({ x0, y0, x1, y1, dark })
      }
    }
  }
  return rects
}

/**
 * A grey raster of a page's bar-like rectangles and what lies around them, or null when the page
 * has no vector barcode. White rectangles drawn after dark ones clear them, as on paper.
 */
export function barRaster(ops: OperatorList, scale = VECTOR_SCALE): Pixels | null {
  const rects = filledRects(ops)
  const bars = rects.filter(
    (r) => r.dark && Math.min(r.x1 - r.x0, r.y1 - r.y0) < 4 && Math.max(r.x1 - r.x0, r.y1 - r.y0) >= 4,
  )
  if (bars.length < MIN_BARS) return null
  const left = Math.min(...bars.map((r) => r.x0)) - QUIET
  const right = Math.max(...bars.map((r) => r.x1)) + QUIET
  const bottom = Math.min(...bars.map((r) => r.y0)) - QUIET
  const top = Math.max(...bars.map((r) => r.y1)) + QUIET
  let s = scale
  while ((right - left) * (top - bottom) * s * s > MAX_PIXELS && s > 1) s /= 1.5
  const width = Math.ceil((right - left) * s)
  const height = Math.ceil((top - bottom) * s)
  const data = new Uint8Array(width * height).fill(255)
  for (const r of rects) {
    if (r.x1 < left || r.x0 > right || r.y1 < bottom || r.y0 > top) continue
    const cx0 = Math.max(0, Math.round((r.x0 - left) * s))
    const cx1 = Math.min(width, Math.round((r.x1 - left) * s))
    // PDF's y grows upwards, the raster's downwards.
    const cy0 = Math.max(0, Math.round((top - r.y1) * s))
    const cy1 = Math.min(height, Math.round((top - r.y0) * s))
    for (let y = cy0; y < cy1; y++) data.fill(r.dark ? 0 : 255, y * width + cx0, y * width + cx1)
  }
  return { data, width, height, channels: 1 }
}
