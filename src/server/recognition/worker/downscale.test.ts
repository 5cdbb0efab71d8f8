import { describe, expect, test } from 'bun:test'
import jpeg from 'jpeg-js'
import { PNG } from 'pngjs'
import { downscaleToGrey, GreyShrinker, greyForOcr, imageSize, MAX_IMAGE_PIXELS, OCR_MAX_SIDE } from './downscale'
import { extract, imageForOcr, rasterForOcr, Unsupported } from './extract'

/** An RGBA image whose left half is black and right half white. */
function halves(width: number, height: number) {
  const data = Buffer.alloc(width * height * 4)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4
      data.fill(x < width / 2 ? 0 : 255, i, i + 3)
      data[i + 3] = 255
    }
  return { data, width, height }
}
const asJpeg = (width: number, height: number) => new Uint8Array(jpeg.encode(halves(width, height), 90).data)
const asPng = (width: number, height: number) => {
  const png = new PNG({ width, height })
  png.data = halves(width, height).data
  return new Uint8Array(PNG.sync.write(png))
}
const pnmHeader = (pnm: Uint8Array) => new TextDecoder().decode(pnm.subarray(0, 20)).split('\n').slice(0, 3)

describe('images are brought down before OCR', () => {
  test('the size is read from the JPEG frame header and the PNG IHDR without decoding; other bytes are null', () => {
    expect(imageSize(asJpeg(640, 480))).toEqual({ width: 640, height: 480 })
    expect(imageSize(asPng(33, 700))).toEqual({ width: 33, height: 700 })
    expect(imageSize(new TextEncoder().encode('%PDF-1.4 not an image'))).toBeNull()
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff]))).toBeNull()
  })

  test('area averaging to grey: the long side becomes OCR_MAX_SIDE, edges stay sharp, the mean is kept', () => {
    const src = halves(5000, 40)
    const out = downscaleToGrey({ data: src.data, width: 5000, height: 40, channels: 4 })
    expect([out.width, out.height, out.channels]).toEqual([OCR_MAX_SIDE, 20, 1])
    expect(out.data[0]).toBe(0)
    expect(out.data[OCR_MAX_SIDE / 2 - 1]).toBe(0)
    expect(out.data[OCR_MAX_SIDE / 2]).toBe(255)
    expect(out.data[out.data.length - 1]).toBe(255)
    // A fine checkerboard averages to mid-grey instead of aliasing into black or white.
    const board = new Uint8Array(4000 * 4).map((_, i) => (((i % 4000) + Math.floor(i / 4000)) % 2 ? 255 : 0))
    const grey = downscaleToGrey({ data: board, width: 4000, height: 4, channels: 1 }, 2000)
    expect(new Set(grey.data)).toEqual(new Set([128]))
  })

  test('a photo goes to Tesseract as a grey PNM, brought down to OCR_MAX_SIDE when larger', async () => {
    // Small ones keep their size; colour would cost Tesseract four bytes a pixel.
    const small = await imageForOcr(asJpeg(600, 800))
    expect(pnmHeader(small)).toEqual(['P5', '600 800', '255'])
    expect(small.length).toBe(pnmHeader(small).join('\n').length + 1 + 600 * 800)
    expect(pnmHeader(await imageForOcr(asPng(30, 20)))).toEqual(['P5', '30 20', '255'])
    // Bytes that are neither JPEG nor PNG are left to Leptonica, which says what it can read.
    const other = new TextEncoder().encode('GIF89a')
    expect(await imageForOcr(other)).toBe(other)
    // A narrow strip keeps the JPEG encoder (pure JavaScript) quick on a busy machine.
    const big = await imageForOcr(asJpeg(104, 2600))
    expect(pnmHeader(big)).toEqual(['P5', `100 ${OCR_MAX_SIDE}`, '255'])
    expect(big.length).toBe(pnmHeader(big).join('\n').length + 1 + 100 * OCR_MAX_SIDE)
    expect(pnmHeader(await imageForOcr(asPng(5000, 100)))).toEqual(['P5', `${OCR_MAX_SIDE} 50`, '255'])
    // The pixels are the picture's: black left, white right, from either format.
    for (const bytes of [asJpeg(5008, 16), asPng(5000, 16)]) {
      const grey = await greyForOcr(bytes)
      expect([grey.width, grey.height, grey.channels]).toEqual([OCR_MAX_SIDE, 8, 1])
      expect(grey.data[4 * OCR_MAX_SIDE + 10]).toBeLessThan(10)
      expect(grey.data[5 * OCR_MAX_SIDE - 10]).toBeGreaterThan(245)
    }
  }, 30_000)

  test('rows that never come count as white; rows past the height are ignored', () => {
    const shrinker = new GreyShrinker(4, 6, 2)
    shrinker.add([0, 0, 0, 0])
    shrinker.add([0, 0, 0, 0])
    shrinker.add([0, 0, 0, 0])
    const half = shrinker.result()
    expect([half.width, half.height]).toEqual([1, 2]) // 4 × 6 shrunk by 3
    expect([...half.data]).toEqual([0, 255])
    const full = new GreyShrinker(2, 1, 2)
    full.add([10, 20])
    full.add([200, 200])
    expect([...full.result().data]).toEqual([10, 20])
  })

  test('a picture over MAX_IMAGE_PIXELS is refused from its header, before any decoding', async () => {
    // A JPEG start and frame header that claim the size, and nothing else.
    const jpegHeader = (width: number, height: number) =>
      new Uint8Array([
        0xff,
        0xd8,
        0xff,
        0xc0,
        0,
        11,
        8,
        height >> 8,
        height & 255,
        width >> 8,
        width & 255,
        1,
        1,
        0x11,
        0,
      ])
    const pngHeader = (width: number, height: number) => {
      const bytes = asPng(1, 1)
      new DataView(bytes.buffer).setUint32(16, width)
      new DataView(bytes.buffer).setUint32(20, height)
      return bytes
    }
    expect(MAX_IMAGE_PIXELS).toBe(100_000_000)
    for (const header of [jpegHeader(20000, 20000), jpegHeader(10001, 10000), pngHeader(10001, 10000)])
      await expect(greyForOcr(header)).rejects.toThrow(/too large to read: \d+ megapixels/)
    // At the limit the size is allowed: these fail later, for want of any pixels.
    for (const header of [jpegHeader(10000, 10000), pngHeader(10000, 10000)]) {
      const error = await greyForOcr(header).catch((e: Error) => e)
      expect(error).toBeInstanceOf(Error)
      expect((error as Error).message).not.toContain('too large')
    }
    // Through the worker's extraction it is a failure to read ('failed'), not an unsupported type.
    const refused = await extract('image', jpegHeader(20000, 20000)).catch((e: Error) => e)
    expect(refused).toBeInstanceOf(Error)
    expect(refused).not.toBeInstanceOf(Unsupported)
  })

  test("a PDF's page image becomes grey, keeps its size when small, and is brought down when large", () => {
    const small = { data: new Uint8Array(100 * 50 * 3).fill(200), width: 100, height: 50, channels: 3 }
    const pnm = rasterForOcr(small)
    expect(pnmHeader(pnm)).toEqual(['P5', '100 50', '255'])
    expect(pnm[pnm.length - 1]).toBe(200)
    const large = { data: new Uint8Array(6000 * 3000), width: 6000, height: 3000, channels: 1 }
    expect(pnmHeader(rasterForOcr(large))).toEqual(['P5', `${OCR_MAX_SIDE} 1250`, '255'])
  })
})
