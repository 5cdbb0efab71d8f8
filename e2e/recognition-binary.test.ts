// The executable reads documents offline with nothing beside it: a copy of dist/swisstax
// alone in an empty folder (no node_modules, no language files) recognises a scanned
// salary statement through its own worker process, brings a large photo down before OCR, and reads
// the same scan wrapped in a PDF.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHash } from 'node:crypto'
import jpeg from 'jpeg-js'
import { imagePdf } from '../src/server/recognition/corpus/pdf'
import { BINARY, apiSignIn, startServer, startSmtp, type Server, type Smtp } from './harness'

let smtp: Smtp, server: Server, alone: string
beforeAll(async () => {
  alone = mkdtempSync(join(tmpdir(), 'swisstax-alone-'))
  copyFileSync(BINARY, join(alone, 'swisstax'))
  smtp = await startSmtp()
  server = await startServer({ SMTP_URL: smtp.url }, { binary: join(alone, 'swisstax') })
})
afterAll(async () => {
  await server?.stop()
  await smtp?.stop()
  rmSync(alone, { recursive: true, force: true })
})

/** Uploads an image as the user and waits for its recognition. */
async function recognise(cookie: string, name: string, bytes: Uint8Array) {
  const form = new FormData()
  form.append('files', new Blob([bytes as Uint8Array<ArrayBuffer>]), name)
  form.append('hashes[]', createHash('sha256').update(bytes).digest('hex'))
  form.append('taxYear', String(new Date().getUTCFullYear() - 1))
  form.append('categoryId', '2')
  const started = Date.now()
  const up = await fetch(`${server.url}/api/files/upload`, {
    method: 'POST',
    headers: { cookie, origin: server.url },
    body: form,
  })
  expect(up.status).toBe(200)
  // The answer does not wait for the reading.
  const id = (await up.json()).files[0].value.id
  let answer: any
  while (Date.now() - started < 100_000) {
    answer = await (await fetch(`${server.url}/api/files/${id}/recognition`, { headers: { cookie } })).json()
    if (answer.status !== 'pending') break
    await Bun.sleep(200)
  }
  if (answer.status !== 'done') console.log(server.log.join(''))
  return answer
}

const fixture = () => new Uint8Array(readFileSync(join(import.meta.dir, 'fixtures', 'salary-scan-fr.jpg')))
// Written by the generator from its seed (src/server/recognition/corpus): gross box 8, net box 11.
const FIELDS = { grossSalary: 138700, netSalary: 122888.2, ahvNumber: '756.6656.3147.60' }
let cookie: string

test('a photographed salary statement (JPEG) is recognised by the lone executable', async () => {
  expect(readdirSync(alone)).toEqual(['swisstax'])
  cookie = await apiSignIn(server.url, smtp, 'scan@example.ch')
  const answer = await recognise(cookie, 'certificat.jpg', fixture())
  expect(answer).toMatchObject({ status: 'done', categoryId: 1, method: 'ocr', language: 'fr', documentYear: 2024 })
  expect(answer.fields).toMatchObject(FIELDS)
  expect(server.log.join('')).not.toContain('special-words')
}, 120_000)

test('a photo over 2500 px is decoded and brought down inside the lone executable, and read the same', async () => {
  // The same page at twice the size (2480 × 3510): the worker decodes it with its embedded JPEG decoder.
  const src = jpeg.decode(fixture(), { useTArray: true })
  const big = { width: src.width * 2, height: src.height * 2, data: new Uint8Array(src.width * src.height * 16) }
  for (let y = 0; y < big.height; y++)
    for (let x = 0; x < big.width; x++) {
      const from = ((y >> 1) * src.width + (x >> 1)) * 4
      big.data.set(src.data.subarray(from, from + 4), (y * big.width + x) * 4)
    }
  const bytes = new Uint8Array(jpeg.encode(big, 85).data)
  const answer = await recognise(cookie, 'certificat-photo.jpg', bytes)
  expect(answer).toMatchObject({ status: 'done', categoryId: 1, method: 'ocr', language: 'fr', documentYear: 2024 })
  expect(answer.fields).toMatchObject(FIELDS)
}, 120_000)

test('a scanned PDF without a text layer is read by the lone executable (its page JPEG, as an upload)', async () => {
  const answer = await recognise(cookie, 'certificat-scan.pdf', await imagePdf(fixture(), 'jpg'))
  expect(answer).toMatchObject({ status: 'done', categoryId: 1, method: 'pdf-ocr', language: 'fr', documentYear: 2024 })
  expect(answer.fields).toMatchObject(FIELDS)
}, 120_000)
