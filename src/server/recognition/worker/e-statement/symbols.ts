import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader'
// ZXing-C++'s reader as WebAssembly, embedded as a file in the executable like Tesseract's data:
// the worker reads it from there and hands the bytes to the module, so nothing is fetched.
import wasmPath from 'zxing-wasm/reader/zxing_reader.wasm' with { type: 'file' }
import type { BarcodeSymbol } from './assemble'

let ready: Promise<void> | null = null
function init(): Promise<void> {
  ready ??= (async () => {
    const wasmBinary = await Bun.file(wasmPath as string).arrayBuffer()
    // Replaces the package's default, which would load the .wasm from a CDN.
    await prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true })
  })()
  return ready
}

const OPTIONS: ReaderOptions = {
  formats: ['PDF417', 'Code128'],
  tryHarder: true,
  tryRotate: true,
  tryInvert: false,
  // A barcode sheet holds six PDF417 segments and a page code.
  maxNumberOfSymbols: 16,
  textMode: 'Plain',
  characterSet: 'BINARY',
}

/** Pixels as PDF.js or a decoder gives them: 1 (grey), 3 (RGB) or 4 (RGBA) channels. */
export interface Pixels {
  data: Uint8Array | Uint8ClampedArray
  width: number
  height: number
  channels: number
}

function rgba(p: Pixels): { data: Uint8ClampedArray; width: number; height: number } {
  if (p.channels === 4)
    return {
      data: new Uint8ClampedArray(p.data.buffer, p.data.byteOffset, p.width * p.height * 4),
      width: p.width,
      height: p.height,
    }
  const n = p.width * p.height
  const out = new Uint8ClampedArray(n * 4)
  for (let i = 0, j = 0; i < n; i++, j += p.channels) {
    const r = p.data[j]!
    out[i * 4] = r
    out[i * 4 + 1] = p.channels === 1 ? r : p.data[j + 1]!
    out[i * 4 + 2] = p.channels === 1 ? r : p.data[j + 2]!
    out[i * 4 + 3] = 255
  }
  return { data: out, width: p.width, height: p.height }
}

/**
 * The PDF417 and CODE128 symbols of one image: decoded pixels, or a PNG/JPEG file (ZXing decodes
 * it itself). Symbols that fail their error correction are not returned.
 */
export async function readSymbols(image: Pixels | Uint8Array): Promise<BarcodeSymbol[]> {
  await init()
  const input = image instanceof Uint8Array ? image : rgba(image)
  const results = await readBarcodes(input as Parameters<typeof readBarcodes>[0], OPTIONS)
  return results
    .filter((r) => r.isValid && (r.format === 'PDF417' || r.format === 'Code128'))
    .map((r) => ({
      format: r.format as BarcodeSymbol['format'],
      bytes: r.bytes,
      text: r.format === 'Code128' ? r.text : '',
      sequenceIndex: r.sequenceIndex,
      sequenceSize: r.sequenceSize,
      sequenceId: r.sequenceId,
    }))
}
