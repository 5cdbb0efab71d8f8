// `bun bench/e-statement.ts`: reading e-Steuerauszüge from their barcodes (issue 26), in this process with the
// worker's own code. Statements made as the standard describes them (bwip-js, pdf-lib): the time per page of a
// PDF whose barcode sheets are images, and of one that draws them as vectors; and how often a "scan" of a
// barcode sheet is read: the sheet drawn at 150–300 dpi, turned, blurred, speckled and saved as JPEG (made
// here, not photographed). Prints a "### e-Steuerauszug" table.
import { Jimp, JimpMime } from 'jimp'
import { openPdf } from '../src/server/recognition/worker/pdf'
import { readImageStatement, readPdfStatement } from '../src/server/recognition/worker/e-statement'
import { barRaster } from '../src/server/recognition/worker/e-statement/vector'
import {
  IBKR_2025,
  manySecurities,
  statementPdf,
  totalsOf,
} from '../src/server/recognition/worker/e-statement/make-statement'
import { median } from './lib'

const ROUNDS = 5
const rows: string[] = []

async function timePdf(label: string, pdf: Uint8Array, expectTaxValue: string) {
  const times: number[] = []
  let pages = 0
  for (let i = 0; i < ROUNDS + 1; i++) {
    const started = performance.now()
    const doc = await openPdf(pdf.slice())
    const r = await readPdfStatement(doc)
    pages = doc.pages
    await doc.close()
    if (!(r.found && r.ok && r.statement.totals.taxValue === expectTaxValue)) throw new Error(`${label}: not read`)
    if (i > 0) times.push(performance.now() - started) // the first round loads the WebAssembly
  }
  const ms = median(times)
  rows.push(`| ${label} | ${pages} | ${ms.toFixed(0)} | ${(ms / pages).toFixed(0)} |`)
}

const small = manySecurities(25)
await timePdf('IBKR example, image sheets (2 symbols)', await statementPdf(IBKR_2025), totalsOf(IBKR_2025).taxValue)
await timePdf(
  '25 securities, image sheets (10 symbols)',
  await statementPdf(small, { segmentBytes: 200 }),
  totalsOf(small).taxValue,
)
await timePdf(
  '25 securities, vector sheets (10 symbols)',
  await statementPdf(small, { segmentBytes: 200, vector: true }),
  totalsOf(small).taxValue,
)
const big = manySecurities(400)
await timePdf('400 securities, image sheets', await statementPdf(big), totalsOf(big).taxValue)

// Scans: one barcode sheet (six symbols: the whole statement) drawn at a resolution, then degraded.
const sheetPdf = await statementPdf(manySecurities(25), { vector: true })
if ((await openPdf(sheetPdf.slice())).pages !== 2) throw new Error('the scanned statement must fit one sheet')
const sheetDoc = await openPdf(sheetPdf)
const ops = await sheetDoc.operators(2)
const scans: string[] = []
let read = 0
let seed = 26
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31
  return seed / 2 ** 31
}
let tried = 0
for (const dpi of [150, 200, 300])
  for (const angle of [0, 2])
    for (const blur of [0, 1]) {
      const r = barRaster(ops, dpi / 72)!
      const image = new Jimp({ width: r.width, height: r.height, color: 0xffffffff })
      for (let i = 0; i < r.width * r.height; i++) {
        // Speckle: one pixel in fifty flipped towards grey.
        const v = random() < 0.02 ? 128 : r.data[i]!
        image.bitmap.data.set([v, v, v, 255], i * 4)
      }
      if (angle) image.rotate(angle)
      if (blur) image.blur(blur)
      const jpeg = new Uint8Array(await image.getBuffer(JimpMime.jpeg, { quality: 70 }))
      const started = performance.now()
      const s = await readImageStatement(jpeg)
      const ok = s.found && s.ok
      tried++
      if (ok) read++
      const outcome = s.found ? (s.ok ? 'read' : `not read: ${s.reason}`) : 'no barcode found'
      const ms = (performance.now() - started).toFixed(0)
      scans.push(`${dpi} dpi ${angle}° blur ${blur}: ${outcome} (${ms} ms)`)
    }
await sheetDoc.close()

const zxingVersion = (await import('zxing-wasm/reader')).ZXING_WASM_VERSION
console.log(`### e-Steuerauszug

Reading an e-Steuerauszug's barcodes in the worker's code (zxing-wasm ${zxingVersion}), \
median of ${ROUNDS} after a first round that loads the WebAssembly; statements made as eCH-0196's barcode guideline \
describes them (Macro PDF417, 13 × 35, EC 4, zlib, six to a sheet; a CODE128C page code on every page).

| Statement | Pages | ms per PDF | ms per page |
|---|---:|---:|---:|
${rows.join('\n')}

Scans of one barcode sheet (made here: drawn, turned, blurred, 2 % speckle, JPEG quality 70): \
**${read} of ${tried} read**.
${scans.map((s) => `- ${s}`).join('\n')}
`)
