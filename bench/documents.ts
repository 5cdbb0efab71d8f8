// Documents benchmark (issue 4), run with `npx bun bench/documents.ts` after `npx bun build.ts`:
// - a 50 MB multipart upload through the real server (hash check, encryption, fsync, row)
//   against the raw work on the same bytes in the same run: SHA-256 + AES-256-GCM + write + fsync, 64 KiB chunks;
// - server peak RSS for 1×50 MB and for 8 concurrent 20 MB uploads, against idle;
// - GET /api/files for a user with 10 and with 5,000 files under 32 connections (wrk): p50 and p99.
import { createCipheriv, createHash, randomBytes } from 'node:crypto'
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { median, rssMB, signIn, startBinary, wrk, type Proc } from './lib'

const MB = 1024 * 1024
const YEAR = new Date().getFullYear() - 1
const ROUNDS = Number(process.env.ROUNDS ?? 5)

function pdfBytes(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(size)
  crypto.getRandomValues(data.subarray(0, Math.min(size, 65536)))
  for (let off = 65536; off < size; off += 65536) data.copyWithin(off, 0, Math.min(65536, size - off))
  data.set(new TextEncoder().encode('%PDF-1.4\n'))
  data[100] = seed & 0xff
  data[101] = (seed >> 8) & 0xff
  return data
}

const sha256 = (d: Uint8Array) => createHash('sha256').update(d).digest('hex')

/** The multipart body, serialised once up front, so the timing covers the server's work only. */
async function multipart(data: Uint8Array<ArrayBuffer>, name: string) {
  const boundary = `----swisstaxbench${Math.random().toString(16).slice(2)}`
  const field = (k: string, v: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`
  const head = new TextEncoder().encode(
    field('hashes[]', sha256(data)) +
      field('categoryId', '1') +
      field('taxYear', String(YEAR)) +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: ` +
      `application/pdf\r\n\r\n`,
  )
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`)
  const body = new Uint8Array(head.length + data.length + tail.length)
  body.set(head)
  body.set(data, head.length)
  body.set(tail, head.length + data.length)
  return { body, type: `multipart/form-data; boundary=${boundary}` }
}

async function upload(server: Proc, cookie: string, body: { body: Uint8Array<ArrayBuffer>; type: string }) {
  const r = await fetch(`${server.url}/api/files/upload`, {
    method: 'POST',
    headers: { cookie, origin: server.url, 'content-type': body.type },
    body: body.body,
  })
  const text = await r.text()
  if (r.status !== 200) throw new Error(`upload ${r.status}: ${text}`)
}

/** The same work without HTTP, multipart or database: the floor the upload is measured against. */
function rawPipeline(data: Uint8Array, dir: string) {
  const path = join(dir, `raw-${Math.random()}`)
  const fd = openSync(path, 'w', 0o600)
  const key = randomBytes(32)
  const hash = createHash('sha256')
  const CHUNK = 64 * 1024
  for (let off = 0, i = 0; off < data.length; off += CHUNK, i++) {
    const chunk = data.subarray(off, off + CHUNK)
    hash.update(chunk)
    const iv = Buffer.alloc(12)
    iv.writeUInt32BE(i, 8)
    const c = createCipheriv('aes-256-gcm', key, iv)
    const out = Buffer.concat([c.update(chunk), c.final(), c.getAuthTag()])
    writeSync(fd, out)
  }
  hash.digest('hex')
  fsyncSync(fd)
  closeSync(fd)
  rmSync(path)
}

/** Polls the server's RSS while `work` runs; returns the peak in MB. */
async function peakRss(pid: number, work: () => Promise<unknown>) {
  let peak = rssMB(pid)
  let done = false
  const poll = (async () => {
    while (!done) {
      peak = Math.max(peak, rssMB(pid))
      await Bun.sleep(2)
    }
  })()
  await work()
  done = true
  await poll
  return Math.max(peak, rssMB(pid))
}

/** GET /api/files under 32 connections (wrk), after a 1 s warm-up. */
function listTimings(server: Proc, cookie: string) {
  const url = `${server.url}/api/files?taxYear=${YEAR}`
  wrk(url, { seconds: 1, connections: 32, headers: { cookie } })
  const r = wrk(url, { seconds: 6, connections: 32, headers: { cookie } })
  return { p50: r.p50, p99: r.p99, rps: r.rps, errors: r.errors + r.non2xx }
}

async function seedFiles(server: Proc, cookie: string, count: number) {
  const queue = Array.from({ length: count }, (_, i) => i)
  const worker = async () => {
    for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
      const data = new TextEncoder().encode(`note ${i}\n`)
      const form = new FormData()
      form.append('files', new Blob([data]), `note-${i}.txt`)
      form.append('hashes[]', sha256(data))
      form.append('categoryId', String([1, 2, 3, 4, 5, 21][i % 6]))
      form.append('taxYear', String(YEAR))
      const r = await fetch(`${server.url}/api/files/upload`, {
        method: 'POST',
        headers: { cookie, origin: server.url },
        body: form,
      })
      if (r.status !== 200) throw new Error(`seed ${r.status}: ${await r.text()}`)
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker))
}

const f1 = (n: number) => n.toFixed(1)

async function main() {
  const server = await startBinary()
  const scratch = mkdtempSync(join(tmpdir(), 'swisstax-bench-raw-'))
  try {
    const cookie = await signIn(server, 'bench-docs@example.ch')
    // Warm-up: JIT, first blob folder, first row.
    await upload(server, cookie, await multipart(pdfBytes(MB, 9999), 'warm.pdf'))

    const e2e: number[] = []
    const raw: number[] = []
    for (let i = 0; i < ROUNDS; i++) {
      const data = pdfBytes(50 * MB, i)
      const body = await multipart(data, `big-${i}.pdf`)
      const t0 = performance.now()
      await upload(server, cookie, body)
      e2e.push(performance.now() - t0)
      const t1 = performance.now()
      rawPipeline(data, scratch)
      raw.push(performance.now() - t1)
    }

    Bun.gc(true)
    await Bun.sleep(500)
    const idle = rssMB(server.pid)
    const one = await multipart(pdfBytes(50 * MB, 500), 'rss-one.pdf')
    const peakOne = await peakRss(server.pid, () => upload(server, cookie, one))
    await Bun.sleep(500)
    const idle8 = rssMB(server.pid)
    const eight = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => multipart(pdfBytes(20 * MB, 600 + i), `rss-eight-${i}.pdf`)),
    )
    const peakEight = await peakRss(server.pid, () => Promise.all(eight.map((b) => upload(server, cookie, b))))

    const small = await signIn(server, 'ten-files@example.ch')
    await seedFiles(server, small, 10)
    const big = await signIn(server, 'many-files@example.ch')
    const seedStart = performance.now()
    await seedFiles(server, big, 5000)
    const seedMs = performance.now() - seedStart
    const ten = listTimings(server, small)
    const many = listTimings(server, big)

    const e2eMs = median(e2e),
      rawMs = median(raw)
    console.log(`\n### Documents (${ROUNDS} rounds, medians)\n`)
    console.log('| measure | swisstax | reference | ratio / target |')
    console.log('|---|---|---|---|')
    const ok = (b: boolean) => (b ? '✅' : '❌')
    const ratio = e2eMs / rawMs
    console.log(
      `| 50 MB multipart upload, end to end | ${f1(e2eMs)} ms (${f1(50 / (e2eMs / 1000))} MB/s) | raw SHA-256 + ` +
        `AES-GCM + write + fsync: ${f1(rawMs)} ms | ${ratio.toFixed(2)}× (target ≤ 2×) ${ok(ratio <= 2)} |`,
    )
    console.log(
      `| peak RSS, 1 × 50 MB upload | ${f1(peakOne)} MB | idle ${f1(idle)} MB | +${f1(peakOne - idle)} MB (target ≤ ` +
        `+64) ${ok(peakOne - idle <= 64)} |`,
    )
    console.log(
      `| peak RSS, 8 × 20 MB concurrent | ${f1(peakEight)} MB | idle ${f1(idle8)} MB | +${f1(peakEight - idle8)} MB ` +
        `(target ≤ +150) ${ok(peakEight - idle8 <= 150)} |`,
    )
    console.log(
      `| GET /api/files, 10 files, 32 connections | p50 ${ten.p50.toFixed(2)} ms, p99 ${ten.p99.toFixed(2)} ms, ` +
        `${Math.round(ten.rps)} req/s, ${ten.errors} errors | | p99 ${ten.p99.toFixed(2)} ms (target < 10 ms) ` +
        `${ok(ten.p99 < 10 && ten.errors === 0)} |`,
    )
    console.log(
      `| GET /api/files, 5,000 files (page of 200), 32 connections | p50 ${many.p50.toFixed(2)} ms, p99 ` +
        `${many.p99.toFixed(2)} ms, ${Math.round(many.rps)} req/s, ${many.errors} errors | | p99 ` +
        `${many.p99.toFixed(2)} ms (target < 10 ms) ${ok(many.p99 < 10 && many.errors === 0)} |`,
    )
    console.log(
      `\nSeeding 5,000 small files through the API took ${f1(seedMs / 1000)} s (${f1(5000 / (seedMs / 1000))} ` +
        `uploads/s, 8 clients).`,
    )
  } finally {
    await server.stop()
    rmSync(server.dataDir, { recursive: true, force: true })
    rmSync(scratch, { recursive: true, force: true })
  }
}

await main()
