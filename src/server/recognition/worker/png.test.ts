import { describe, expect, test } from 'bun:test'
import { crc32, deflateSync } from 'node:zlib'
import { PNG } from 'pngjs'
import { decodePngGrey } from './png'

const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b
const onWhite = (grey: number, alpha: number) => (grey * alpha) / 255 + 255 - alpha

async function decode(bytes: Uint8Array) {
  const rows: Uint8Array[] = []
  await decodePngGrey(bytes, (row) => rows.push(row.slice()))
  return rows
}

/** Every decoded pixel within one grey level of what the picture holds. */
function expectRows(rows: Uint8Array[], width: number, height: number, grey: (x: number, y: number) => number) {
  expect(rows.length).toBe(height)
  const off: string[] = []
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (Math.abs(rows[y]![x]! - grey(x, y)) > 1) off.push(`(${x},${y}) ${rows[y]![x]} ≠ ${grey(x, y).toFixed(1)}`)
  expect(off.slice(0, 5)).toEqual([])
}

// The PNG specification's Adam7 passes, written out here rather than taken from the decoder.
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
]

/**
 * A PNG made by hand (filter 0 on every row) for what pngjs cannot write: palettes, 1–4 and
 * 16 bits a sample, Adam7 interlacing.
 */
function handmadePng(o: {
  width: number
  height: number
  colourType: number
  depth: number
  interlaced?: boolean
  sample: (x: number, y: number, channel: number) => number
  chunks?: [string, number[]][]
}): Uint8Array {
  const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[o.colourType]!
  const raw: number[] = []
  for (const [x0, y0, dx, dy] of o.interlaced ? ADAM7 : [[0, 0, 1, 1]]) {
    const pw = Math.ceil((o.width - x0!) / dx!)
    const ph = Math.ceil((o.height - y0!) / dy!)
    if (pw <= 0 || ph <= 0) continue
    for (let j = 0; j < ph; j++) {
      raw.push(0)
      let bits = 0
      let count = 0
      for (let i = 0; i < pw; i++)
        for (let c = 0; c < channels; c++) {
          const v = o.sample(x0! + i * dx!, y0! + j * dy!, c)
          if (o.depth === 16) raw.push(v >> 8, v & 255)
          else if (o.depth === 8) raw.push(v)
          else {
            bits = (bits << o.depth) | v
            count += o.depth
            if (count === 8) {
              raw.push(bits)
              bits = count = 0
            }
          }
        }
      if (count > 0) raw.push(bits << (8 - count))
    }
  }
  const chunk = (type: string, data: Uint8Array) => {
    const out = Buffer.alloc(12 + data.length)
    out.writeUInt32BE(data.length, 0)
    out.write(type, 4, 'latin1')
    out.set(data, 8)
    out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
    return out
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(o.width, 0)
  ihdr.writeUInt32BE(o.height, 4)
  ihdr.set([o.depth, o.colourType, 0, 0, o.interlaced ? 1 : 0], 8)
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      ...(o.chunks ?? []).map(([type, data]) => chunk(type, new Uint8Array(data))),
      chunk('IDAT', deflateSync(new Uint8Array(raw))),
      chunk('IEND', new Uint8Array(0)),
    ]),
  )
}

/** Noise with some structure, so that pngjs's filters have something to predict. */
const noise = (x: number, y: number, c: number) => (x * 37 + y * 101 + c * 59 + ((x * y) % 23) * 11) & 255

describe('PNG decoding to grey, row by row', () => {
  test('each row filter and 8-bit colour type, against pngjs reading the same file', async () => {
    const width = 37
    const height = 23
    const rgba = Buffer.alloc(width * height * 4)
    for (let i = 0; i < rgba.length; i++) rgba[i] = noise((i >> 2) % width, Math.floor(i / 4 / width), i & 3)
    for (const colorType of [0, 2, 4, 6] as const)
      for (let filterType = 0; filterType <= 4; filterType++) {
        const png = new PNG({ width, height })
        png.data = rgba
        const bytes = new Uint8Array(PNG.sync.write(png, { colorType, filterType }))
        const ref = PNG.sync.read(Buffer.from(bytes)).data
        const rows = await decode(bytes)
        expectRows(rows, width, height, (x, y) => {
          const i = (y * width + x) * 4
          return onWhite(luma(ref[i]!, ref[i + 1]!, ref[i + 2]!), ref[i + 3]!)
        })
      }
  })

  test('1, 2 and 4-bit grey are stretched to 0–255, and 16 bits keep their high byte', async () => {
    for (const depth of [1, 2, 4, 16]) {
      const max = 2 ** depth - 1
      // At most 16 levels, spread over the whole range.
      const levels = Math.min(max, 15)
      const sample = (x: number, y: number) => ((x * 7 + y * 3) % (levels + 1)) * (max / levels)
      const rows = await decode(handmadePng({ width: 13, height: 5, colourType: 0, depth, sample }))
      expectRows(rows, 13, 5, (x, y) => (depth === 16 ? sample(x, y) >> 8 : (sample(x, y) * 255) / max))
    }
  })

  test('a palette picture with transparent entries is grey laid on white', async () => {
    const plte = [0, 0, 0, 255, 0, 0, 0, 0, 255, 20, 20, 20]
    const trns = [255, 255, 128, 0]
    for (const depth of [2, 8]) {
      const sample = (x: number, y: number) => (x + y) % 4
      const rows = await decode(
        handmadePng({
          width: 9,
          height: 4,
          colourType: 3,
          depth,
          sample,
          chunks: [
            ['PLTE', plte],
            ['tRNS', trns],
          ],
        }),
      )
      expectRows(rows, 9, 4, (x, y) => {
        const i = sample(x, y)
        return onWhite(Math.round(luma(plte[i * 3]!, plte[i * 3 + 1]!, plte[i * 3 + 2]!)), trns[i]!)
      })
    }
  })

  test('an interlaced (Adam7) picture comes out in picture order', async () => {
    for (const [width, height] of [
      [19, 11],
      [3, 2],
      [1, 1],
    ] as const) {
      const bytes = handmadePng({ width, height, colourType: 2, depth: 8, interlaced: true, sample: noise })
      expectRows(await decode(bytes), width, height, (x, y) => luma(noise(x, y, 0), noise(x, y, 1), noise(x, y, 2)))
    }
  })

  test('a PNG cut off before its last row is refused; a header that lies is refused', async () => {
    const bytes = handmadePng({ width: 200, height: 200, colourType: 0, depth: 8, sample: noise })
    await expect(decode(bytes.subarray(0, bytes.length - 200))).rejects.toThrow()
    const bad = bytes.slice()
    bad[24] = 3 // 3 bits a sample does not exist
    await expect(decode(bad)).rejects.toThrow('the PNG header is not valid')
    bad[24] = 4
    bad[25] = 2 // RGB has 8 or 16 bits a sample, not 4
    await expect(decode(bad)).rejects.toThrow('the PNG header is not valid')
  })
})
