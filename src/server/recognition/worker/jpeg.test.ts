import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import jpeg from 'jpeg-js'
import { decodeJpegGrey, scaleInEighths } from './jpeg'

/** An RGB JPEG in three vertical bands: black, pure red, white. */
function bands(width: number, height: number): Uint8Array {
  const data = Buffer.alloc(width * height * 4, 255)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4
      if (x < width / 3) data.fill(0, i, i + 3)
      else if (x < (2 * width) / 3) data.fill(0, i + 1, i + 3) // red: R stays 255
    }
  return new Uint8Array(jpeg.encode({ data, width, height }, 95).data)
}
const at = (img: { data: Uint8Array; width: number }, x: number, y: number) => img.data[y * img.width + x]!
// Made with libjpeg-turbo's cjpeg -progressive -sample 1x1 from a 600 × 400 picture: left half
// black, right half white, a pure red block at x 200–399, y 100–299.
const progressive = () => new Uint8Array(readFileSync(join(import.meta.dir, 'fixtures', 'progressive-600x400.jpg')))

describe('JPEG decoding to grey, scaled while decoding', () => {
  test('the scale is the smallest n/8 that keeps the long side at least the wanted size', () => {
    expect(scaleInEighths(3977, 2500)).toBe(6) // 2983: 5/8 would give 2486
    expect(scaleInEighths(4000, 2500)).toBe(5) // exactly 2500
    expect(scaleInEighths(20000, 2500)).toBe(1)
    expect(scaleInEighths(2600, 2500)).toBe(8)
    expect(scaleInEighths(1000, 2500)).toBe(8) // never enlarged
  })

  test('a colour JPEG comes out as luma at the scaled size', () => {
    const img = decodeJpegGrey(bands(5200, 16), 2500)
    expect([img.width, img.height]).toEqual([2600, 8])
    expect(at(img, 100, 4)).toBeLessThan(8)
    // BT.601 luma of pure red is 76: not R (255), not the mean of R, G and B (85).
    expect(Math.abs(at(img, 1300, 4) - 76)).toBeLessThanOrEqual(4)
    expect(at(img, 2500, 4)).toBeGreaterThan(247)
    // Asked for no reduction, it keeps the size.
    const full = decodeJpegGrey(bands(300, 16), 2500)
    expect([full.width, full.height]).toEqual([300, 16])
  })

  test('a progressive JPEG is decoded, and its whole-picture buffers are capped', () => {
    const img = decodeJpegGrey(progressive(), 600)
    expect([img.width, img.height]).toEqual([600, 400])
    expect(at(img, 50, 200)).toBeLessThan(6)
    expect(Math.abs(at(img, 300, 200) - 76)).toBeLessThanOrEqual(3)
    expect(at(img, 550, 50)).toBeGreaterThan(249)
    // Progressive: every coefficient is kept (600 × 400 × 3 × 2 bytes = 1.4 MB), over a 1 MB cap.
    expect(() => decodeJpegGrey(progressive(), 600, 1)).toThrow('the JPEG could not be decoded')
    // Baseline is decoded a few rows at a time: the same cap does not stop a larger picture.
    expect(decodeJpegGrey(bands(1200, 600), 1200, 1).width).toBe(1200)
  })

  test('bytes that are no JPEG throw, a cut-off JPEG is read as far as it goes, and the next one is fine', () => {
    expect(() => decodeJpegGrey(new TextEncoder().encode('not a picture at all'), 2500)).toThrow()
    const whole = bands(600, 400)
    const cut = decodeJpegGrey(whole.subarray(0, Math.round(whole.length * 0.6)), 600)
    expect([cut.width, cut.height]).toEqual([600, 400])
    expect(at(cut, 10, 10)).toBeLessThan(8)
    const again = decodeJpegGrey(whole, 600)
    expect(at(again, 590, 390)).toBeGreaterThan(247)
  })
})
