import { readFileSync } from 'node:fs'
// libjpeg-turbo's TurboJPEG API built for WebAssembly (the package's own loader reads the file from
// beside itself, which a compiled executable has not; the .wasm is embedded like the language data).
// @ts-expect-error: file import
import wasmPath from '@cwasm/jpeg-turbo/jpeg-turbo.wasm' with { type: 'file' }

/** Grey pixels, one byte each, row after row. */
export interface GreyImage {
  data: Uint8Array
  width: number
  height: number
}

/**
 * The most the decoder may hold in whole-image buffers. A baseline JPEG (what cameras write) is
 * decoded a few rows at a time and needs none; a progressive one keeps every DCT coefficient of
 * the picture, 2 bytes a sample, which for a 12-megapixel colour photo is about 72 MB.
 */
const MAX_DECODER_MB = 100
const TJPF_GRAY = 6

interface TurboJpeg {
  memory: WebAssembly.Memory
  malloc(size: number): number
  free(pointer: number): void
  tjInitDecompress(): number
  tjDestroy(handle: number): number
  tjDecompressHeader3(
    handle: number,
    src: number,
    size: number,
    width: number,
    height: number,
    subsamp: number,
    colorspace: number,
  ): number
  tjDecompress2(
    handle: number,
    src: number,
    size: number,
    dst: number,
    width: number,
    pitch: number,
    height: number,
    pixelFormat: number,
    flags: number,
  ): number
}

let compiled: WebAssembly.Module | null = null

/**
 * A new instance for every picture: its memory (the picture's buffers) goes with it, and a
 * JPEG that fails half-way leaves nothing behind in an instance that is used again.
 */
function instantiate(maxDecoderMB: number): TurboJpeg {
  compiled ??= new WebAssembly.Module(readFileSync(wasmPath))
  let memory: WebAssembly.Memory | null = null
  // libjpeg reads JPEGMEM from its environment: the cap on its whole-image buffers.
  const environ = new TextEncoder().encode(`JPEGMEM=${maxDecoderMB}M\0`)
  const view = () => new DataView(memory!.buffer)
  const instance = new WebAssembly.Instance(compiled, {
    // libjpeg's fatal errors end in longjmp: here they throw, out of the WebAssembly call.
    env: { setjmp: () => 0, longjmp: () => fail('the JPEG could not be decoded') },
    wasi_snapshot_preview1: {
      environ_sizes_get(count: number, size: number) {
        view().setUint32(count, 1, true)
        view().setUint32(size, environ.length, true)
        return 0
      },
      environ_get(pointers: number, buffer: number) {
        view().setUint32(pointers, buffer, true)
        new Uint8Array(memory!.buffer, buffer, environ.length).set(environ)
        return 0
      },
      // TurboJPEG keeps libjpeg's messages to itself; nothing is written or opened.
      fd_write: () => 8, // EBADF
      fd_seek: () => 8,
      fd_close: () => 8,
      proc_exit: () => fail('the JPEG decoder stopped'),
    },
  })
  const exports = instance.exports as unknown as TurboJpeg
  memory = exports.memory
  return exports
}

function fail(message: string): never {
  throw new Error(message)
}

/**
 * Decodes a JPEG to grey, scaled down while decoding (libjpeg's DCT scaling by 1/8 … 8/8) to the
 * smallest size whose long side is still at least `minLongSide`. Grey output skips the colour
 * components' inverse DCT, and the full-size picture never exists: an 11-megapixel photo brought
 * to 2500 px costs a few megabytes here instead of the ~280 MB of a full decode in JavaScript.
 */
export function decodeJpegGrey(bytes: Uint8Array, minLongSide: number, maxDecoderMB = MAX_DECODER_MB): GreyImage {
  const tj = instantiate(maxDecoderMB)
  const src = tj.malloc(bytes.length)
  const header = tj.malloc(16)
  const handle = tj.tjInitDecompress()
  if (!src || !header || !handle) fail('the JPEG decoder has no memory')
  new Uint8Array(tj.memory.buffer, src, bytes.length).set(bytes)
  if (tj.tjDecompressHeader3(handle, src, bytes.length, header, header + 4, header + 8, header + 12) !== 0)
    fail('the JPEG header could not be read')
  const [width = 0, height = 0] = new Int32Array(tj.memory.buffer, header, 2)
  const eighths = scaleInEighths(Math.max(width, height), minLongSide)
  const w = Math.ceil((width * eighths) / 8)
  const h = Math.ceil((height * eighths) / 8)
  const dst = tj.malloc(w * h)
  if (!dst) fail('the JPEG decoder has no memory')
  // A non-zero answer without a throw is a warning (a truncated file, say): the picture is there,
  // with grey where data was missing, and OCR reads what it can.
  tj.tjDecompress2(handle, src, bytes.length, dst, w, w, h, TJPF_GRAY, 0)
  return { data: new Uint8Array(tj.memory.buffer, dst, w * h).slice(), width: w, height: h }
}

/** The smallest scale n/8 (n = 1 … 8) that keeps the long side at least `minLongSide`. */
export function scaleInEighths(longSide: number, minLongSide: number): number {
  for (let n = 1; n < 8; n++) if (Math.ceil((longSide * n) / 8) >= minLongSide) return n
  return 8
}
