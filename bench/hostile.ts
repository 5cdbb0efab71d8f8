// Hostile uploads while polling (issue 21), `npm run bench hostile` (or `bun bench/hostile.ts` after a build):
// one person uploads the files of the outside probe (src/server/recognition/hostile.ts) to the executable
// while another person polls GET /api/tax-status at a fixed rate. Reported: that person's p99 in 5 s rounds
// (quiet, then while the hostile files are uploaded and read), each file's result and time, and the peak
// resident memory of the server and of its recognition worker (sampled every 50 ms from /proc).
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { cleanup, rssMB, signIn, startBinary, wrkAsync, type WrkResult } from './lib'
import { bigTxt, docxBomb, hugeImagePdf, manyPagesPdf, pagesBombPdf } from '../src/server/recognition/hostile'
import { WORKER_MEMORY_MB } from '../src/server/recognition/bounds'

const YEAR = new Date().getFullYear() - 1
const RATE = 100
const CONNECTIONS = 4
const ROUND_S = 5
/** The target for the server's own peak: it holds one upload (≤ 50 MB) while sending it to the worker. */
const SERVER_TARGET_MB = 300

const children = (pid: number) =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const s = readFileSync(`/proc/${d}/stat`, 'utf8')
        return Number(s.slice(s.lastIndexOf(')') + 2).split(' ')[1]) === pid
      } catch {
        return false
      }
    })
    .map(Number)

console.error('hostile: making the files …')
const files: { name: string; what: string; bytes: Uint8Array }[] = [
  { name: 'letter-5mb.txt', what: '5 MB .txt', bytes: bigTxt(5, YEAR) },
  { name: 'letter-48mb.txt', what: '48 MB .txt (uploads stop at 50 MB)', bytes: bigTxt(48, YEAR) },
  { name: 'bomb.docx', what: '.docx, word/document.xml inflating to 48 MB', bytes: docxBomb(48, YEAR) },
  { name: 'pages.pdf', what: 'PDF whose page tree holds 10^10 pages', bytes: pagesBombPdf() },
  { name: 'picture.pdf', what: 'PDF with one 30,000 × 30,000 picture', bytes: await hugeImagePdf(30_000) },
  { name: 'empty-pages.pdf', what: 'PDF of 100,000 empty pages', bytes: manyPagesPdf(100_000) },
]

/**
 * One run: a server, the poller's quiet round, then rounds while the files are uploaded (and, unless
 * `uploadOnly`, read: RECOGNITION_WORKERS=0 shows what the uploads alone cost the poller).
 */
async function measure(uploadOnly: boolean) {
  const server = await startBinary(uploadOnly ? { RECOGNITION_WORKERS: '0' } : {})
  const uploader = await signIn(server, 'bench.hostile@example.ch')
  const poller = await signIn(server, 'bench.poller@example.ch')
  const poll = `${server.url}/api/tax-status?taxYear=${YEAR}`
  const round = () =>
    wrkAsync(poll, {
      seconds: ROUND_S,
      connections: CONNECTIONS,
      headers: { Cookie: poller },
      script: 'bench/fixed-rate.lua',
      env: { DELAY_MS: String(Math.round((CONNECTIONS * 1000) / RATE)) },
    })

  await round() // warm-up
  const idleRss = rssMB(server.pid)
  const quiet = await round()

  let serverPeak = 0,
    workerPeak = 0
  const sampler = setInterval(() => {
    serverPeak = Math.max(serverPeak, rssMB(server.pid) || 0)
    for (const c of children(server.pid)) workerPeak = Math.max(workerPeak, rssMB(c) || 0)
  }, 50)

  interface Outcome {
    what: string
    bytes: number
    uploadMs: number
    readMs: number
    status: string
    reason: string
    textChars: number
  }
  const outcomes: Outcome[] = []
  let busy = true
  async function hostile() {
    for (const f of files) {
      const form = new FormData()
      form.append('files', new Blob([f.bytes as Uint8Array<ArrayBuffer>]), f.name)
      form.append('hashes[]', createHash('sha256').update(f.bytes).digest('hex'))
      form.append('taxYear', String(YEAR))
      form.append('categoryId', '25')
      const t0 = performance.now()
      const r = await fetch(`${server.url}/api/files/upload`, {
        method: 'POST',
        headers: { cookie: uploader, origin: server.url },
        body: form,
      })
      const body = (await r.json()) as { files: { value?: { id: string } }[] }
      const id = body.files?.[0]?.value?.id
      if (!id) throw new Error(`upload of ${f.name}: ${r.status} ${JSON.stringify(body)}`)
      const uploadMs = performance.now() - t0
      for (;;) {
        const s = (await (
          await fetch(`${server.url}/api/files/${id}/recognition`, { headers: { cookie: uploader } })
        ).json()) as {
          status: string
          reason: string[]
        }
        if (uploadOnly || s.status !== 'pending' || performance.now() - t0 > 300_000) {
          const text = (await (
            await fetch(`${server.url}/api/files/${id}/recognition/text`, { headers: { cookie: uploader } })
          ).json()) as { text: string | null }
          outcomes.push({
            what: f.what,
            bytes: f.bytes.length,
            uploadMs,
            readMs: performance.now() - t0 - uploadMs,
            status: s.status,
            reason: (s.reason ?? []).join('; '),
            textChars: text.text?.length ?? 0,
          })
          break
        }
        await Bun.sleep(100)
      }
    }
    busy = false
  }
  console.error('hostile: uploading while polling …')
  // A failure ends the rounds too, and the bench with it.
  const job = hostile().finally(() => {
    busy = false
  })
  const rounds: WrkResult[] = []
  while (busy) rounds.push(await round())
  await job
  clearInterval(sampler)
  await server.stop()
  cleanup(server.dataDir)
  return { quiet, rounds, outcomes, idleRss, serverPeak, workerPeak }
}

console.error('hostile: the uploads alone (recognition off) …')
const alone = await measure(true)
console.error('hostile: uploads read by the worker …')
const { quiet, rounds, outcomes, idleRss, serverPeak, workerPeak } = await measure(false)
const worstOf = (rs: WrkResult[]) => rs.reduce((a, r) => (r.p99 > a.p99 ? r : a), rs[0]!)
const aloneWorst = worstOf(alone.rounds)
const worst = worstOf(rounds)
const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${(n / 1024).toFixed(1)} KB`)
const loadAvg = readFileSync('/proc/loadavg', 'utf8').split(' ')[0]
console.log(`### Hostile uploads while polling (issue 21)

One person uploads the outside probe's files (made by src/server/recognition/hostile.ts) to \`dist/swisstax\`\
 (RECOGNITION_WORKERS=1, worker limits ${WORKER_MEMORY_MB} MB and 120 s) one after the other, each read before the\
 next; another polls GET /api/tax-status at ${RATE} req/s (wrk, ${CONNECTIONS} connections, fixed rate) in ${ROUND_S} s\
 rounds. Load average at the end ≈ ${loadAvg} (a machine shared with other jobs).

| file | size | upload ms | read ms | result | text kept |
|---|---|---|---|---|---|
${outcomes
  .map(
    (o) =>
      `| ${o.what} | ${kb(o.bytes)} | ${Math.round(o.uploadMs)} | ${Math.round(o.readMs)} | ${o.status}${
        o.reason && o.status !== 'done' ? `: ${o.reason}` : ''
      } | ${o.textChars.toLocaleString('en')} chars |`,
  )
  .join('\n')}

| GET /api/tax-status | p50 | p99 | req/s | errors |
|---|---|---|---|---|
| quiet | ${quiet.p50.toFixed(2)} ms | ${quiet.p99.toFixed(2)} ms | ${Math.round(quiet.rps)} \
| ${quiet.errors + quiet.non2xx} |
${rounds
  .map(
    (r, i) =>
      `| hostile round ${i + 1} | ${r.p50.toFixed(2)} ms | ${r.p99.toFixed(2)} ms | ${Math.round(r.rps)} | ${
        r.errors + r.non2xx
      } |`,
  )
  .join('\n')}

- the same uploads with recognition off (RECOGNITION_WORKERS=0), for what the uploads alone cost: quiet p99\
 ${alone.quiet.p99.toFixed(1)} ms, worst round p99 ${aloneWorst.p99.toFixed(1)} ms (${alone.rounds.length} rounds),\
 server peak RSS ${alone.serverPeak.toFixed(0)} MB
- the poller's worst p99 while the hostile files were uploaded and read: ${worst.p99.toFixed(1)} ms (target ≤ 50 ms)\
 ${worst.p99 <= 50 ? '✅' : '❌'}
- server peak RSS ${serverPeak.toFixed(0)} MB (idle ${idleRss.toFixed(0)} MB; target ≤ ${SERVER_TARGET_MB} MB)\
 ${serverPeak <= SERVER_TARGET_MB ? '✅' : '❌'}; worker peak RSS ${workerPeak.toFixed(0)} MB (its limit\
 ${WORKER_MEMORY_MB} MB) ${workerPeak <= WORKER_MEMORY_MB ? '✅' : '❌'}
`)
process.exit(0)
