// Documents benchmark (issue 4), run with `npx bun bench/documents.ts` after `npx bun build.ts`:
// - a 50 MB multipart upload through the real server (hash check, encryption, fsync, row)
//   against the raw work on the same bytes in the same run: SHA-256 + AES-256-GCM + write + fsync, 64 KiB chunks;
// - server peak RSS for 1×50 MB and for 8 concurrent 20 MB uploads, against idle;
// each figure the median of three rounds with its spread (issue 28). GET /api/files is bench/files-list.ts.
import { createCipheriv, createHash, randomBytes } from 'node:crypto'
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { median, rssMB, signIn, spread, startBinary, type Proc } from './lib'

const MB = 1024 * 1024
const YEAR = new Date().getFullYear() - 1
const ROUNDS = Number(process.env.ROUNDS ?? 3)

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

const f1 = (n: number) => n.toFixed(1)
/** The server's garbage of the round before is collected when it falls idle (health/idle-gc.ts ticks every 2 s). */
const QUIET_MS = 4_500

/** One round of the upload memory figure: the server's idle RSS, then its peak while `bodies` are uploaded at once. */
async function memoryRound(server: Proc, cookie: string, bodies: Awaited<ReturnType<typeof multipart>>[]) {
  await Bun.sleep(QUIET_MS)
  const idle = rssMB(server.pid)
  const peak = await peakRss(server.pid, () => Promise.all(bodies.map((b) => upload(server, cookie, b))))
  return { idle, peak, over: peak - idle }
}

async function main() {
  const server = await startBinary()
  const scratch = mkdtempSync(join(tmpdir(), 'swisstax-bench-raw-'))
  try {
    const cookie = await signIn(server, 'bench-docs@example.ch')
    // Warm-up: JIT, first blob folder, first row.
    await upload(server, cookie, await multipart(pdfBytes(MB, 9999), 'warm.pdf'))

    // End to end against the raw work on the same bytes, alternating within each round.
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

    const one: Awaited<ReturnType<typeof memoryRound>>[] = []
    const eight: Awaited<ReturnType<typeof memoryRound>>[] = []
    for (let i = 0; i < ROUNDS; i++) {
      one.push(await memoryRound(server, cookie, [await multipart(pdfBytes(50 * MB, 500 + i), `rss-one-${i}.pdf`)]))
      const bodies = await Promise.all(
        Array.from({ length: 8 }, (_, k) => multipart(pdfBytes(20 * MB, 600 + 8 * i + k), `rss-eight-${i}-${k}.pdf`)),
      )
      eight.push(await memoryRound(server, cookie, bodies))
    }

    const ratios = e2e.map((ms, i) => ms / raw[i]!)
    const ratio = median(ratios)
    const overOne = median(one.map((r) => r.over))
    const overEight = median(eight.map((r) => r.over))
    const ok = (b: boolean) => (b ? '✅' : '❌')
    console.log(`\n### Documents: uploads\n`)
    console.log(
      `Each figure: median of ${ROUNDS} rounds (lowest–highest). Peak RSS is sampled every 2 ms during the upload; ` +
        `idle is read ${QUIET_MS / 1000} s after the round before. GET /api/files: section "files".\n`,
    )
    console.log('| measure | swisstax | reference | ratio / target |')
    console.log('|---|---|---|---|')
    console.log(
      `| 50 MB multipart upload, end to end | ${spread(e2e, 0)} ms | raw SHA-256 + AES-GCM + write + fsync: ` +
        `${spread(raw, 0)} ms | ${spread(ratios, 2)}× (target ≤ 2×) ${ok(ratio <= 2)} |`,
    )
    console.log(
      `| peak RSS, 1 × 50 MB upload | ${spread(one.map((r) => r.peak))} MB | idle ` +
        `${spread(one.map((r) => r.idle))} MB ` +
        `| +${spread(one.map((r) => r.over))} MB (target ≤ +64) ${ok(overOne <= 64)} |`,
    )
    console.log(
      `| peak RSS, 8 × 20 MB concurrent | ${spread(eight.map((r) => r.peak))} MB | idle ` +
        `${spread(eight.map((r) => r.idle))} MB | +${spread(eight.map((r) => r.over))} MB (target ≤ +150) ` +
        `${ok(overEight <= 150)} |`,
    )
    console.log(`\n50 MB end to end: ${f1(50 / (median(e2e) / 1000))} MB/s.`)
  } finally {
    await server.stop()
    rmSync(server.dataDir, { recursive: true, force: true })
    rmSync(scratch, { recursive: true, force: true })
  }
}

await main()
