// `bun bench/export-memory.ts [MB]`: peak RSS while GET /api/user/export streams a person's
// documents (default 1024 MB in 50 MB files) through the real app, read to the end by the client.
import { createHash } from 'node:crypto'
import { testApp } from '../src/server/test-helpers'
import { uploadForm } from '../src/server/documents/test-fixtures'

const totalMb = Number(process.argv[2] ?? 1024)
const t = await testApp({ USER_QUOTA_MB: String(totalMb + 100) })
const { cookie } = await t.signIn('bench@example.ch')
const fileMb = 50
const chunk = new Uint8Array(1024 * 1024)
let stored = 0
for (let i = 0; stored < totalMb; i++) {
  const mb = Math.min(fileMb, totalMb - stored)
  // A text file of `mb` MB (allowed type, checked content), distinct per file.
  const data = new Uint8Array(mb * 1024 * 1024)
  for (let o = 0; o < data.length; o += chunk.length) data.set(chunk.fill(97 + (i % 26)), o)
  const res = await t.app.handle(
    new Request('http://localhost/api/files/upload', {
      method: 'POST',
      headers: { cookie },
      body: uploadForm([{ name: `part-${i}.txt`, data, hash: createHash('sha256').update(data).digest('hex') }], {
        taxYear: 2025,
        categoryId: 25,
      }),
    }),
  )
  if (res.status !== 200) throw new Error(`upload ${res.status}: ${await res.text()}`)
  stored += mb
}
Bun.gc(true)
const before = process.memoryUsage().rss
let peak = before
const timer = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss)
}, 5)
const started = performance.now()
const res = await t.app.handle(new Request('http://localhost/api/user/export', { headers: { cookie } }))
let bytes = 0
const reader = res.body!.getReader()
for (;;) {
  const { done, value } = await reader.read()
  if (done) break
  bytes += value.byteLength
  peak = Math.max(peak, process.memoryUsage().rss)
}
clearInterval(timer)
const mb = (n: number) => (n / 1024 / 1024).toFixed(0)
console.log(
  `export of ${stored} MB of documents: ZIP ${mb(bytes)} MB in ${((performance.now() - started) / 1000).toFixed(1)} ` +
    `s; RSS before ${mb(before)} MB, peak ${mb(peak)} MB (+${mb(peak - before)} MB)`,
)
t.close()
