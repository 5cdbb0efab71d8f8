/** Adam7's passes: first column and row, then the steps between the pixels each pass carries. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const
/** Samples per pixel of each PNG colour type: grey, RGB, palette, grey + alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }
/**
 * Compressed data goes to the inflater this much at a time: it hands over all it inflated from
 * one piece before it takes the next, so an IDAT given whole would come back as the whole picture.
 */
const INFLATE_SLICE = 64 * 1024

/**
 * Decodes a PNG to grey and hands its rows over from the top, one at a time, as they are
 * inflated (by the runtime's native zlib): the picture never exists at full size in colour (pngjs
 * keeps the filtered data and RGBA pixels of the whole picture, 180 MB for an 11-megapixel photo,
 * and fflate's JavaScript inflater takes three times the CPU). Transparent pixels are
 * laid on white, like a page. Interlaced PNGs (Adam7, rare for scans) arrive in seven passes
 * over the whole picture: those are gathered in one grey plane first.
 */
export async function decodePngGrey(bytes: Uint8Array, onRow: (grey: Uint8Array) => void): Promise<void> {
  const { width, height, depth, colourType, interlaced, channels } = pngHeader(bytes)
  const { palette, paletteAlpha, idat } = pngChunks(bytes, colourType)
  const passes = interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const)
  const plane = interlaced ? new Uint8Array(width * height).fill(255) : null
  const maxRowBytes = Math.ceil((width * channels * depth) / 8)
  // Distance in bytes to the same sample of the pixel to the left, for the filters.
  const bpp = Math.max(1, (channels * depth) >> 3)
  let row = new Uint8Array(1 + maxRowBytes)
  let previous = new Uint8Array(1 + maxRowBytes)
  const grey = new Uint8Array(width)
  let pass = 0
  let passWidth = 0
  let passRows = 0
  let rowInPass = 0
  let filled = 0
  let done = false

  const startPass = () => {
    // Passes with no pixel (a picture narrower or lower than 8) have no rows at all.
    while (pass < passes.length) {
      const [x0, y0, dx, dy] = passes[pass]!
      passWidth = Math.ceil((width - x0) / dx)
      passRows = Math.ceil((height - y0) / dy)
      if (passWidth > 0 && passRows > 0) break
      pass++
    }
    rowInPass = 0
    previous.fill(0)
    done = pass >= passes.length
  }

  const rowDone = () => {
    const length = 1 + Math.ceil((passWidth * channels * depth) / 8)
    unfilter(row.subarray(0, length), previous.subarray(0, length), bpp)
    toGrey(row.subarray(1, length), passWidth, colourType, depth, palette, paletteAlpha, grey)
    if (plane) {
      const [x0, y0, dx, dy] = passes[pass]!
      const at = (y0 + rowInPass * dy) * width
      for (let i = 0; i < passWidth; i++) plane[at + x0 + i * dx] = grey[i]!
    } else onRow(grey.subarray(0, width))
    ;[row, previous] = [previous, row]
    filled = 0
    if (++rowInPass === passRows) {
      pass++
      startPass()
    }
  }

  let next = 0
  // (The slices are views of the file's bytes; the cast only narrows the type of their buffer.)
  const compressed = new ReadableStream<BufferSource>(
    { pull: (c) => (next < idat.length ? c.enqueue(idat[next++] as Uint8Array<ArrayBuffer>) : c.close()) },
    { highWaterMark: 0 },
  )

  startPass()
  for await (const chunk of compressed.pipeThrough(new DecompressionStream('deflate'))) {
    for (let at = 0; !done && at < chunk.length; ) {
      const length = 1 + Math.ceil((passWidth * channels * depth) / 8)
      const take = Math.min(length - filled, chunk.length - at)
      row.set(chunk.subarray(at, at + take), filled)
      filled += take
      at += take
      if (filled === length) rowDone()
    }
    // Data past the last row is not inflated (a small file can hide gigabytes of zeros).
    if (done) break
  }
  if (!done) throw new Error('the PNG ends before its last row')
  if (plane) for (let y = 0; y < height; y++) onRow(plane.subarray(y * width, (y + 1) * width))
}

/** The PNG's header: size, bit depth, colour type, interlacing; anything else than a valid PNG is refused. */
function pngHeader(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes.length < 33 || view.getUint32(0) !== 0x89504e47 || view.getUint32(12) !== 0x49484452)
    throw new Error('not a PNG')
  const width = view.getUint32(16)
  const height = view.getUint32(20)
  const depth = bytes[24]!
  const colourType = bytes[25]!
  const interlaced = bytes[28] === 1
  const channels = CHANNELS[colourType]
  // The bit depths each colour type allows.
  const depths = colourType === 0 ? [1, 2, 4, 8, 16] : colourType === 3 ? [1, 2, 4, 8] : [8, 16]
  if (!channels || !depths.includes(depth) || width === 0 || height === 0)
    throw new Error('the PNG header is not valid')
  return { width, height, depth, colourType, interlaced, channels }
}

/**
 * The chunks before the pixels: the palette as grey and its alpha from tRNS (a palette is at most 256 colours);
 * then the IDAT data, in slices.
 */
function pngChunks(bytes: Uint8Array, colourType: number) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let palette: Uint8Array = new Uint8Array(256)
  const paletteAlpha = new Uint8Array(256).fill(255)
  const idat: Uint8Array[] = []
  for (let at = 8; at + 12 <= bytes.length; ) {
    const length = view.getUint32(at)
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8))
    const data = bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + length))
    at += 12 + length
    if (type === 'PLTE') palette = paletteGrey(data)
    else if (type === 'tRNS' && colourType === 3) paletteAlpha.set(data.subarray(0, 256))
    else if (type === 'IDAT')
      for (let i = 0; i < data.length; i += INFLATE_SLICE) idat.push(data.subarray(i, i + INFLATE_SLICE))
    else if (type === 'IEND') break
  }
  return { palette, paletteAlpha, idat }
}

/** PNG's five row filters undone in place; `row` starts with the filter type byte. */
function unfilter(row: Uint8Array, previous: Uint8Array, bpp: number) {
  const filter = row[0]
  const n = row.length
  // Index 0 is the filter byte in both rows: the pixel "to the left" of the first is i - bpp < 1.
  switch (filter) {
    case 0:
      return
    case 1:
      for (let i = 1 + bpp; i < n; i++) row[i] = (row[i]! + row[i - bpp]!) & 255
      return
    case 2:
      for (let i = 1; i < n; i++) row[i] = (row[i]! + previous[i]!) & 255
      return
    case 3:
      for (let i = 1; i < n; i++) row[i] = (row[i]! + (((i > bpp ? row[i - bpp]! : 0) + previous[i]!) >> 1)) & 255
      return
    case 4:
      for (let i = 1; i < n; i++) {
        const a = i > bpp ? row[i - bpp]! : 0
        const b = previous[i]!
        const c = i > bpp ? previous[i - bpp]! : 0
        const p = a + b - c
        const pa = Math.abs(p - a)
        const pb = Math.abs(p - b)
        const pc = Math.abs(p - c)
        row[i] = (row[i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 255
      }
      return
    default:
      throw new Error(`unknown PNG filter ${filter}`)
  }
}

/** The grey (BT.601 luma) of each palette entry. */
function paletteGrey(plte: Uint8Array): Uint8Array {
  const out = new Uint8Array(256)
  for (let i = 0; i * 3 + 2 < plte.length && i < 256; i++)
    out[i] = Math.round(0.299 * plte[i * 3]! + 0.587 * plte[i * 3 + 1]! + 0.114 * plte[i * 3 + 2]!)
  return out
}

/** One unfiltered row of `width` pixels to grey, transparent pixels laid on white. */
function toGrey(
  data: Uint8Array,
  width: number,
  colourType: number,
  depth: number,
  palette: Uint8Array,
  paletteAlpha: Uint8Array,
  out: Uint8Array,
) {
  const onWhite = (g: number, a: number) => Math.round((g * a) / 255 + 255 - a)
  if (depth < 8) {
    // Grey or palette indices packed into bytes, high bits first.
    const perByte = 8 / depth
    const mask = (1 << depth) - 1
    const scale = 255 / mask
    for (let x = 0; x < width; x++) {
      const v = (data[(x / perByte) | 0]! >> ((perByte - 1 - (x % perByte)) * depth)) & mask
      out[x] = colourType === 3 ? onWhite(palette[v]!, paletteAlpha[v]!) : Math.round(v * scale)
    }
    return
  }
  // 16-bit samples: the high byte is plenty for OCR.
  const step = depth >> 3
  const at = (x: number, sample: number, channels: number) => data[(x * channels + sample) * step]!
  for (let x = 0; x < width; x++) {
    switch (colourType) {
      case 0:
        out[x] = at(x, 0, 1)
        break
      case 2:
        out[x] = Math.round(0.299 * at(x, 0, 3) + 0.587 * at(x, 1, 3) + 0.114 * at(x, 2, 3))
        break
      case 3:
        out[x] = onWhite(palette[data[x]!]!, paletteAlpha[data[x]!]!)
        break
      case 4:
        out[x] = onWhite(at(x, 0, 2), at(x, 1, 2))
        break
      default:
        out[x] = onWhite(0.299 * at(x, 0, 4) + 0.587 * at(x, 1, 4) + 0.114 * at(x, 2, 4), at(x, 3, 4))
    }
  }
}
