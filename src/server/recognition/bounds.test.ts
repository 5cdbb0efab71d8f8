import { afterAll, afterEach, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPool, type Pool } from './pool'
import { MAX_TEXT_CHARS } from './bounds'
import { bigTxt, docxBomb, hugeImagePdf, pagesBombPdf } from './hostile'
import { testApp } from '../test-helpers'
import { uploadForm, type Part } from '../documents/test-fixtures'
import { recognitionRunner } from './index'

// Issue 21: hostile uploads cost the worker a bounded amount, and the server's thread nothing.
const YEAR = 2025
const MB = 1024 * 1024

describe('the worker reads a bounded beginning of a hostile file, and classifies it itself', () => {
  // A small memory limit: a worker that decoded what these files claim would be ended by its watchdog.
  let pool: Pool
  afterAll(() => pool?.close())
  const run = (name: string, bytes: Uint8Array) => {
    pool ??= createPool({ memoryMB: 600, jobTimeoutMs: 60_000 })
    return pool.run(name, bytes)
  }

  test('a 6 MB .txt: the first MAX_TEXT_CHARS characters, classified in the worker', async () => {
    const a = await run('big.txt', bigTxt(6, YEAR))
    if (!a.ok) throw new Error(a.error)
    expect(a.text.length).toBe(MAX_TEXT_CHARS)
    expect(a.result).toMatchObject({ categoryId: 5 })
  }, 60_000)

  // 48 MB of markup from 50 KB: fflate's unzipSync took the zip's word for its size and inflated all of it
  // when that said under 50 MB (a worker at 384 MB, and 48 MB of text for the server), or cut it at what a
  // lying size said. Either way the zip's sizes are not believed: the markup is inflated up to 4 MB.
  for (const [what, declared] of [
    ['its true size', undefined],
    ['1000 bytes', 1000],
  ] as const)
    test(`a .docx of 48 MB of markup whose zip declares ${what}: inflated up to its bound only`, async () => {
      const a = await run('bomb.docx', docxBomb(48, YEAR, declared))
      if (!a.ok) throw new Error(a.error)
      expect(a.method).toBe('docx')
      expect(a.text).toStartWith(`Spendenbestätigung ${YEAR}`)
      expect(a.text.length).toBeGreaterThan(MAX_TEXT_CHARS / 2)
      expect(a.text.length).toBeLessThanOrEqual(MAX_TEXT_CHARS)
      expect(a.result.categoryId).toBe(5)
      // This worker's peak; a worker rests near 80 MB.
      expect(a.rss).toBeLessThan(250 * MB)
    }, 60_000)

  test('a 1.6 KB PDF whose page tree holds 10^10 pages: "too large to read" before a page is read', async () => {
    const bytes = pagesBombPdf()
    expect(bytes.length).toBeLessThan(2048)
    const a = await run('pages.pdf', bytes)
    expect(a).toMatchObject({
      ok: false,
      unsupported: true,
      error: 'the document is too large to read: 10000000000 pages (at most 1000)',
    })
  }, 60_000)

  test('a PDF painting a 30,000 × 30,000 picture: the picture is never decoded', async () => {
    const bytes = await hugeImagePdf(30_000)
    expect(bytes.length).toBeLessThan(1024 * 1024)
    const a = await run('picture.pdf', bytes)
    // Read as a PDF without text or a readable picture (900 megapixels, over the 100 allowed).
    expect(a).toMatchObject({ ok: true, method: 'pdf-text', text: '' })
    expect(a.rss).toBeLessThan(400 * MB)
  }, 60_000)
})

describe("the worker's own limits, as the pool starts it", () => {
  const pools: Pool[] = []
  afterEach(() => {
    for (const p of pools.splice(0)) p.close()
  })

  const photo = () => readFileSync(join(import.meta.dir, 'worker', 'fixtures', 'progressive-600x400.jpg'))

  test('past its memory limit it ends itself, and the job is rejected with the reason', async () => {
    // A worker rests near 80 MB; the OCR engine it loads for a photo takes it past 150.
    const p = createPool({ memoryMB: 120 })
    pools.push(p)
    const t0 = performance.now()
    await expect(p.run('photo.jpg', photo())).rejects.toThrow(
      'the document is too large to read: its reader passed its memory limit (120 MB)',
    )
    expect(performance.now() - t0).toBeLessThan(8_000)
  }, 30_000)

  test('past its time limit it ends itself, long before the server would', async () => {
    // Loading the OCR engine alone takes seconds; the server's own timer would fire after 10.3 s.
    const p = createPool({ jobTimeoutMs: 300 })
    pools.push(p)
    const t0 = performance.now()
    await expect(p.run('photo.jpg', photo())).rejects.toThrow('its reader passed its time limit')
    expect(performance.now() - t0).toBeLessThan(8_000)
  }, 30_000)
})

describe('hostile uploads through the API', () => {
  let t: Awaited<ReturnType<typeof testApp>>
  afterEach(() => {
    recognitionRunner(t.ctx)?.stop()
    t?.close()
  })
  const upload = (cookie: string, parts: Part[], categoryId = 25) =>
    t.request('POST', '/api/files/upload', { cookie, raw: uploadForm(parts, { taxYear: YEAR, categoryId }) })
  async function settled(cookie: string, fileId: string) {
    const until = Date.now() + 60_000
    for (;;) {
      const r = await t.request('GET', `/api/files/${fileId}/recognition`, { cookie })
      if (r.json.status !== 'pending' || Date.now() > until) return r
      await Bun.sleep(50)
    }
  }

  test("a 6 MB .txt: the server's thread stays free while it is read, and stores a bounded text", async () => {
    t = await testApp({}, { recognition: true })
    const { cookie } = await t.signIn('alice@example.ch')
    const up = await upload(cookie, [{ name: 'big.txt', data: bigTxt(6, YEAR) as Uint8Array<ArrayBuffer> }])
    const id = up.json.files[0].value.id
    // The longest pause of the server's event loop while the job runs (classifying 5 MB here took 31 s).
    let last = performance.now(),
      longest = 0
    const ticker = setInterval(() => {
      const now = performance.now()
      longest = Math.max(longest, now - last)
      last = now
    }, 10)
    const r = await settled(cookie, id)
    clearInterval(ticker)
    expect(r.json).toMatchObject({ status: 'done', categoryId: 5, method: 'txt' })
    expect(longest).toBeLessThan(1_000)
    const text = await t.request('GET', `/api/files/${id}/recognition/text`, { cookie })
    expect(text.json.text.length).toBe(MAX_TEXT_CHARS)
  }, 90_000)

  test('a PDF of 10^10 pages: unsupported, "too large to read", on the first try', async () => {
    t = await testApp({}, { recognition: true })
    const { cookie } = await t.signIn('alice@example.ch')
    const up = await upload(cookie, [{ name: 'pages.pdf', data: pagesBombPdf() as Uint8Array<ArrayBuffer> }])
    const r = await settled(cookie, up.json.files[0].value.id)
    expect(r.json).toMatchObject({ status: 'unsupported', categoryId: null })
    expect(r.json.reason).toEqual(['the document is too large to read: 10000000000 pages (at most 1000)'])
  }, 90_000)

  test("a job whose worker ends is tried again after a pause, behind another person's job, then failed", async () => {
    // Every photo passes this time limit (the OCR engine's load alone takes longer); a .txt does not.
    t = await testApp({ RECOGNITION_TIMEOUT_SECONDS: '0.3', RECOGNITION_RETRY_SECONDS: '1.5' }, { recognition: true })
    const alice = await t.signIn('alice@example.ch')
    const bob = await t.signIn('bob@example.ch')
    const photo = readFileSync(join(import.meta.dir, 'worker', 'fixtures', 'progressive-600x400.jpg'))
    const a = (await upload(alice.cookie, [{ name: 'photo.jpg', data: new Uint8Array(photo) }])).json.files[0].value.id
    const b = (
      await upload(bob.cookie, [
        { name: 'spende.txt', data: new TextEncoder().encode(`Spendenbestätigung ${YEAR}\nCHF 500.00`) },
      ])
    ).json.files[0].value.id
    const row = async (fileId: string) =>
      (await t.ctx.backend.get(
        'SELECT status, attempts, not_before AS "notBefore", reason FROM recognitions WHERE file_id = ?',
        fileId,
      )) as { status: string; attempts: number; notBefore: number | null; reason: string | null }
    expect((await settled(bob.cookie, b)).json.status).toBe('done')
    // Bob's document was read after Alice's first try, before her second, which waits 1.5 s.
    expect(await row(a)).toMatchObject({ status: 'pending', attempts: 1, notBefore: t.clock.now + 1500 })
    // The test's clock stands still: moved on, the waiting job is due (the runner looks again when it would be).
    const until = Date.now() + 60_000
    while ((await row(a)).status === 'pending' && Date.now() < until) {
      t.clock.now += 5_000
      await Bun.sleep(200)
    }
    const final = await settled(alice.cookie, a)
    expect(final.json.status).toBe('failed')
    expect(final.json.reason).toEqual(['the document is too large to read: its reader passed its time limit (0.3 s)'])
    expect((await row(a)).attempts).toBe(3)
  }, 90_000)
})
