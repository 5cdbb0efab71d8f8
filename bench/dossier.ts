// `bun bench/dossier.ts [MB]`: the expert's dossier of a year holding MB of documents (default 200, in PDFs of
// 10 MB with 2 pages each, their pictures raw grey pixels so nothing compresses): peak RSS of the process while
// GET /api/admin/users/:id/dossier streams it to the end, the time and the PDF's size. Prints a "### Dossier" table.
import { randomBytes } from 'node:crypto'
import { PDFDocument, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState } from 'pdf-lib'
import { testApp } from '../src/server/test-helpers'
import { sha256, uploadForm } from '../src/server/documents/test-fixtures'

const totalMb = Number(process.argv[2] ?? 200)
const fileMb = 10
const ADMIN = 'expert@firm.ch'
const t = await testApp({ USER_QUOTA_MB: String(totalMb + 100), ADMIN_EMAILS: ADMIN })
const { cookie, user } = await t.signIn('client@example.ch')

/** A PDF of two A4 pages, each painting a 5 MB picture of random grey pixels (stored raw: ~10 MB a file). */
async function bigPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  for (let p = 0; p < 2; p++) {
    const side = 2290 // 2290² ≈ 5 MB of 8-bit grey
    const image = doc.context.register(
      doc.context.stream(randomBytes(side * side), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: side,
        Height: side,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 8,
      }),
    )
    const page = doc.addPage()
    const name = page.node.newXObject('Im', image)
    // 595 × 842 points: the picture fills the page.
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(595, 0, 0, 842, 0, 0), drawObject(name))
    page.pushOperators(popGraphicsState())
  }
  return new Uint8Array(await doc.save({ useObjectStreams: false }))
}

let stored = 0
for (let i = 0; stored < totalMb * 1024 * 1024; i++) {
  const data = await bigPdf()
  const res = await t.app.handle(
    new Request('http://localhost/api/files/upload', {
      method: 'POST',
      headers: { cookie },
      body: uploadForm([{ name: `statement-${i}.pdf`, data: data as Uint8Array<ArrayBuffer>, hash: sha256(data) }], {
        taxYear: 2025,
        categoryId: [1, 2, 4, 5, 10, 25][i % 6],
      }),
    }),
  )
  if (res.status !== 200) throw new Error(`upload ${res.status}: ${await res.text()}`)
  stored += data.length
}
const admin = await t.signIn(ADMIN)
Bun.gc(true)
const before = process.memoryUsage().rss
let peak = before
const timer = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss)
}, 5)
const started = performance.now()
const res = await t.app.handle(
  new Request(`http://localhost/api/admin/users/${user.id}/dossier?taxYear=2025`, {
    headers: { cookie: admin.cookie },
  }),
)
if (res.status !== 200) throw new Error(`dossier ${res.status}: ${await res.text()}`)
let bytes = 0
const reader = res.body!.getReader()
for (;;) {
  const { done, value } = await reader.read()
  if (done) break
  bytes += value.byteLength
  peak = Math.max(peak, process.memoryUsage().rss)
}
clearInterval(timer)
const seconds = (performance.now() - started) / 1000
const mb = (n: number) => (n / 1024 / 1024).toFixed(0)
const over = (peak - before) / 1024 / 1024
const files = Math.ceil(stored / (fileMb * 1024 * 1024))
console.log(`### Dossier of a year (issue 26)

| documents | dossier PDF | time | RSS before | peak RSS | peak over before |
|---|---|---|---|---|---|
| ${mb(stored)} MB in ${files} PDFs | ${mb(bytes)} MB | ${seconds.toFixed(1)} s | ${mb(before)} MB | ${mb(peak)} MB \
| +${over.toFixed(0)} MB |

- Streamed: each document is decrypted, its pages copied and written, then let go (src/server/dossier/pdf-stream.ts);
  the peak follows the largest document (${fileMb} MB here), not the year.
- Peak over before ≤ 128 MB for ${mb(stored)} MB of documents: ${over <= 128 ? '✅' : '❌'}`)
t.close()
