import { decodeJpegGrey } from './jpeg'
import { decodePngGrey } from './png'

/**
 * Large images are brought down to this long side before OCR: about 300 dpi for an A4 page
 * (2480 × 3508) filling the frame, which is what Tesseract reads best. A 12-megapixel
 * phone photo at full size costs it several times the CPU and memory for no better text.
 */
export const OCR_MAX_SIDE = 2500
/**
 * Pictures with more pixels than this are refused, not read: no camera or scanner makes a page
 * that needs them, and a small file can claim a huge picture (a decompression bomb).
 */
export const MAX_IMAGE_PIXELS = 100_000_000

export interface Raster {
  data: Uint8Array | Uint8ClampedArray
  width: number
  height: number
  channels: number
}

/** Width and height from a JPEG's frame header or a PNG's IHDR, without decoding; null if neither. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes.length > 24 && view.getUint32(0) === 0x89504e47 && view.getUint32(12) === 0x49484452)
    return { width: view.getUint32(16), height: view.getUint32(20) }
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null
  let at = 2
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null
    const marker = bytes[at + 1]!
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at++
      continue
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2
      continue
    }
    // SOF0–SOF15 carry the size; C4 (tables), C8 (reserved) and CC (arithmetic tables) do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) }
    at += 2 + view.getUint16(at + 2)
  }
  return null
}

/**
 * A JPEG or PNG as grey pixels with a long side of at most `maxSide` (Tesseract reads grey; colour
 * would only cost memory), without ever holding the picture at full size: a JPEG is scaled while it
 * is decoded, a PNG is averaged down row by row as it is inflated. Throws for pictures over
 * MAX_IMAGE_PIXELS and for bytes it cannot decode.
 */
export async function greyForOcr(bytes: Uint8Array, maxSide = OCR_MAX_SIDE): Promise<Raster> {
  const size = imageSize(bytes)
  if (!size) throw new Error('the picture is neither a JPEG nor a PNG')
  const megapixels = (size.width * size.height) / 1e6
  if (megapixels > MAX_IMAGE_PIXELS / 1e6)
    throw new Error(`the picture is too large to read: ${Math.round(megapixels)} megapixels (at most 100)`)
  if (bytes[0] === 0x89) {
    const shrinker = new GreyShrinker(size.width, size.height, maxSide)
    await decodePngGrey(bytes, (row) => shrinker.add(row))
    return shrinker.result()
  }
  const grey = decodeJpegGrey(bytes, maxSide)
  return downscaleToGrey({ ...grey, channels: 1 }, maxSide)
}

/**
 * Area averaging to grey, fed one source row at a time from the top: each output pixel is the
 * mean of the source pixels it covers (no aliasing of thin strokes, and sensor noise is averaged
 * out rather than sampled). Rows go in as they are decoded, so a large picture never has to exist
 * at full size. Hand-written because it is one pass over the pixels, and the image libraries that
 * do it (jimp, sharp) would add either a second full-size copy or a native module that the single
 * executable cannot carry.
 */
export class GreyShrinker {
  readonly width: number
  readonly height: number
  private readonly out: Uint8Array
  private readonly sums: Float64Array
  // Source column range of each output column, computed once.
  private readonly x0: Uint32Array
  private readonly x1: Uint32Array
  private y = 0
  private rowsIn = 0
  private rowsInY = 0

  constructor(
    private readonly srcWidth: number,
    private readonly srcHeight: number,
    maxSide = OCR_MAX_SIDE,
  ) {
    const factor = Math.max(1, Math.max(srcWidth, srcHeight) / maxSide)
    this.width = Math.max(1, Math.round(srcWidth / factor))
    this.height = Math.max(1, Math.round(srcHeight / factor))
    this.out = new Uint8Array(this.width * this.height)
    this.sums = new Float64Array(this.width)
    this.x0 = new Uint32Array(this.width)
    this.x1 = new Uint32Array(this.width)
    for (let x = 0; x < this.width; x++) {
      this.x0[x] = Math.floor((x * srcWidth) / this.width)
      this.x1[x] = Math.max(this.x0[x]! + 1, Math.floor(((x + 1) * srcWidth) / this.width))
    }
  }

  /** The next source row: `srcWidth` grey values (0–255, fractions allowed). */
  add(row: ArrayLike<number>) {
    if (this.rowsIn >= this.srcHeight) return
    const { sums, x0, x1 } = this
    for (let x = 0; x < this.width; x++) {
      let s = 0
      for (let sx = x0[x]!; sx < x1[x]!; sx++) s += row[sx]!
      sums[x]! += s
    }
    this.rowsIn++
    this.rowsInY++
    if (this.rowsIn >= this.sourceEnd(this.y)) this.flush()
  }

  /** The grey image; source rows that never came count as white. */
  result(): Raster {
    const white = new Uint8Array(this.srcWidth).fill(255)
    while (this.rowsIn < this.srcHeight) this.add(white)
    return { data: this.out, width: this.width, height: this.height, channels: 1 }
  }

  /** Where output row y's source rows end (the rows' ranges split the source without overlap). */
  private sourceEnd(y: number) {
    const start = Math.floor((y * this.srcHeight) / this.height)
    return Math.max(start + 1, Math.floor(((y + 1) * this.srcHeight) / this.height))
  }

  private flush() {
    const { sums, x0, x1, out, width } = this
    for (let x = 0; x < width; x++) out[this.y * width + x] = Math.round(sums[x]! / (this.rowsInY * (x1[x]! - x0[x]!)))
    sums.fill(0)
    this.rowsInY = 0
    this.y++
  }
}

/** A grey image whose long side is at most `maxSide` (area averaging, see GreyShrinker). */
export function downscaleToGrey(src: Raster, maxSide = OCR_MAX_SIDE): Raster {
  const { width: w, height: h, channels: c, data } = src
  const shrinker = new GreyShrinker(w, h, maxSide)
  const luma = new Float32Array(w)
  for (let y = 0; y < h; y++) {
    const row = y * w * c
    for (let x = 0, i = row; x < w; x++, i += c)
      // ITU-R BT.601 luma; a grey source is its own luma.
      luma[x] = c < 3 ? data[i]! : 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!
    shrinker.add(luma)
  }
  return shrinker.result()
}
