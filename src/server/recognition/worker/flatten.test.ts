import { describe, expect, test } from 'bun:test'
import { flattenLight } from './flatten'

/**
 * A page lit from the left: paper from 210 down to 100 across, ink 45 % darker than the paper around
 * it, in strokes 4 px wide every 40 px (text lines). Returns the page and which pixels are ink.
 */
function unevenPage(width = 600, height = 800) {
  const data = new Uint8Array(width * height)
  const ink = new Uint8Array(width * height)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const paper = 210 - (110 * x) / width
      const stroke = y % 40 < 4 && x % 50 < 35
      data[y * width + x] = Math.round(stroke ? paper * 0.55 : paper)
      ink[y * width + x] = stroke ? 1 : 0
    }
  return { data, ink, width, height }
}
const range = (data: Uint8Array, ink: Uint8Array, want: number) => {
  let min = 255,
    max = 0
  for (let i = 0; i < data.length; i++)
    if (ink[i] === want) {
      min = Math.min(min, data[i]!)
      max = Math.max(max, data[i]!)
    }
  return { min, max }
}

describe('evening out the light before OCR (issue 25)', () => {
  test('before: no single threshold parts ink from paper; after: every ink pixel is darker than all paper', () => {
    const page = unevenPage()
    const before = { ink: range(page.data, page.ink, 1), paper: range(page.data, page.ink, 0) }
    // The ink on the bright side is lighter than the paper on the dark side: a global threshold fails.
    expect(before.ink.max).toBeGreaterThan(before.paper.min)
    flattenLight(page.data, page.width, page.height)
    const ink = range(page.data, page.ink, 1),
      paper = range(page.data, page.ink, 0)
    expect(ink.max).toBeLessThan(90)
    expect(paper.min).toBeGreaterThan(200)
  })
  test('a nearly empty page (one short rule, 0.1 % ink) stays as it was: white paper, black rule', () => {
    const width = 300,
      height = 300
    const data = new Uint8Array(width * height).fill(255)
    for (let y = 100; y < 102; y++) data.fill(0, y * width + 20, y * width + 80)
    flattenLight(data, width, height)
    expect(data[101 * width + 50]).toBe(0)
    expect(data[10 * width + 10]).toBe(255)
    expect(data[200 * width + 150]).toBe(255)
  })
})
