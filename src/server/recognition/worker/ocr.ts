import { gunzipSync } from 'node:zlib'
// tesseract.js's own worker script, driven in this process: tesseract.js would start a
// worker_threads Worker from a file path, which a compiled executable does not have. The
// recognition worker is already a process of its own (worker/main.ts), so no thread is needed.
// @ts-expect-error: plain CommonJS without types
import tessWorker from 'tesseract.js/src/worker-script/index.js'
// The core with its WebAssembly inlined (SIMD, LSTM only), so the bundler embeds it.
// @ts-expect-error: plain CommonJS without types
import TesseractCore from 'tesseract.js-core/tesseract-core-simd-lstm.wasm.js'
// Language data ("best_int", LSTM only) embedded as files in the executable.
// @ts-expect-error: file import
import deuData from '@tesseract.js-data/deu/4.0.0_best_int/deu.traineddata.gz' with { type: 'file' }
// @ts-expect-error: file import
import fraData from '@tesseract.js-data/fra/4.0.0_best_int/fra.traineddata.gz' with { type: 'file' }
// @ts-expect-error: file import
import itaData from '@tesseract.js-data/ita/4.0.0_best_int/ita.traineddata.gz' with { type: 'file' }
// @ts-expect-error: file import
import engData from '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz' with { type: 'file' }

const LANGUAGE_FILES: Record<string, string> = { deu: deuData, fra: fraData, ita: itaData, eng: engData }
export const OCR_LANGUAGES = 'deu+fra+ita+eng'
const OEM_LSTM_ONLY = 1

type Packet = { status: 'resolve' | 'reject' | 'progress'; data: unknown }
let jobs = 0
function call<T>(action: string, payload: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    tessWorker.dispatchHandlers({ workerId: 'recognition', jobId: `j${++jobs}`, action, payload }, (m: Packet) => {
      if (m.status === 'resolve') resolve(m.data as T)
      else if (m.status === 'reject') reject(new Error(String(m.data)))
    })
  })
}

let ready: Promise<void> | null = null
/** Loads the core and the four languages once per worker process. No network: every byte is embedded. */
function init(): Promise<void> {
  ready ??= (async () => {
    tessWorker.setAdapter({
      getCore: async () => TesseractCore,
      gunzip: gunzipSync,
      fetch: () => {
        throw new Error('recognition works offline')
      },
      readCache: async () => undefined,
      writeCache: async () => {},
      deleteCache: async () => {},
      checkCache: async () => false,
    })
    await call('load', { options: { lstmOnly: true, logging: false } })
    const langs = await Promise.all(
      Object.entries(LANGUAGE_FILES).map(async ([code, path]) => ({
        code,
        data: new Uint8Array(await Bun.file(path).arrayBuffer()),
      })),
    )
    await call('loadLanguage', { langs, options: { cacheMethod: 'none', lstmOnly: true } })
    await call('initialize', { langs: OCR_LANGUAGES, oem: OEM_LSTM_ONLY, config: {} })
    // Tesseract holds the models it has loaded; the files' copies in its file system (~12 MB) can go.
    for (const code of Object.keys(LANGUAGE_FILES))
      await call('FS', { method: 'unlink', args: [`${code}.traineddata`] })
  })()
  return ready
}

/**
 * Text of one image (PNG, JPEG, or PNM from a PDF's page image). rotateAuto lets
 * Tesseract straighten slightly turned photos and scans.
 */
export async function ocrImage(image: Uint8Array): Promise<{ text: string; confidence: number }> {
  await init()
  const r = await call<{ text: string; confidence: number }>('recognize', {
    image,
    options: { rotateAuto: true },
    output: { text: true, blocks: false, hocr: false, tsv: false },
  })
  // The page's copy in Tesseract's file system stays until the next job otherwise.
  await call('FS', { method: 'unlink', args: ['/input'] })
  return { text: r.text ?? '', confidence: (r.confidence ?? 0) / 100 }
}
