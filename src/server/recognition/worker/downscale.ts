import jpeg from 'jpeg-js'
import { PNG } from 'pngjs'

/**
 * Large images are brought down to this long side before OCR: about 300 dpi for an A4 page
 * (2480 × 3508) filling the frame, which is what Tesseract reads best. A 12-megapixel
 * phone photo at full size costs it several times the CPU and memory for no better text.
 */
export const OCR_MAX_SIDE = 2500
/** A decoded image may not take more than this (a 100-megapixel JPEG is refused, not read). */
const MAX_DECODE_MB = 400

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

/** Decodes a JPEG or PNG to pixels (RGB or RGBA). */
export function decodeImage(bytes: Uint8Array): Raster {
  if (bytes[0] === 0x89) {
    const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
    return { data: png.data, width: png.width, height: png.height, channels: 4 }
  }
  const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: false, maxMemoryUsageInMB: MAX_DECODE_MB })
  return { data: img.data, width: img.width, height: img.height, channels: 3 }
}

/**
 * A grey image whose long side is at most `maxSide`, each pixel the mean of the source
 * pixels it covers (area averaging: no aliasing of thin strokes, and sensor noise is
 * averaged out rather than sampled). Tesseract reads grey; colour would only cost memory.
 * Hand-written because it is one pass over the pixels, and the image libraries that do
 * it (jimp, sharp) would add either a second full-size copy or a native module that the
 * single executable cannot carry.
 */
export function downscaleToGrey(src: Raster, maxSide = OCR_MAX_SIDE): Raster {
  const { width: w, height: h, channels: c, data } = src
  const factor = Math.max(1, Math.max(w, h) / maxSide)
  const ow = Math.max(1, Math.round(w / factor))
  const oh = Math.max(1, Math.round(h / factor))
  // Source column range of each output column, computed once.
  const x0 = new Uint32Array(ow)
  const x1 = new Uint32Array(ow)
  for (let x = 0; x < ow; x++) {
    x0[x] = Math.floor((x * w) / ow)
    x1[x] = Math.max(x0[x]! + 1, Math.floor(((x + 1) * w) / ow))
  }
  const out = new Uint8Array(ow * oh)
  const sums = new Float64Array(ow)
  for (let y = 0; y < oh; y++) {
    const y0 = Math.floor((y * h) / oh)
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * h) / oh))
    sums.fill(0)
    for (let sy = y0; sy < y1; sy++) {
      const row = sy * w * c
      for (let x = 0; x < ow; x++) {
        let s = 0
        for (let sx = x0[x]!; sx < x1[x]!; sx++) {
          const i = row + sx * c
          // ITU-R BT.601 luma; a grey source is its own luma.
          s += c < 3 ? data[i]! : 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!
        }
        sums[x]! += s
      }
    }
    for (let x = 0; x < ow; x++) out[y * ow + x] = Math.round(sums[x]! / ((y1 - y0) * (x1[x]! - x0[x]!)))
  }
  return { data: out, width: ow, height: oh, channels: 1 }
}
