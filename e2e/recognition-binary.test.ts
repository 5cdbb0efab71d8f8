// The executable reads documents offline with nothing beside it: a copy of dist/swisstax
// alone in an empty folder (no node_modules, no language files) recognises a scanned
// salary statement through its own worker process.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHash } from 'node:crypto'
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

test('a photographed salary statement (JPEG) is recognised by the lone executable', async () => {
  expect(readdirSync(alone)).toEqual(['swisstax'])
  const cookie = await apiSignIn(server.url, smtp, 'scan@example.ch')
  const jpg = readFileSync(join(import.meta.dir, 'fixtures', 'salary-scan-fr.jpg'))
  const form = new FormData()
  form.append('files', new Blob([jpg]), 'certificat.jpg')
  form.append('hashes[]', createHash('sha256').update(jpg).digest('hex'))
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
  expect(answer).toMatchObject({ status: 'done', categoryId: 1, method: 'ocr', language: 'fr', documentYear: 2024 })
  // Written by the generator from its seed (src/server/recognition/corpus): gross box 8, net box 11.
  expect(answer.fields).toMatchObject({ grossSalary: 138700, netSalary: 122888.2, ahvNumber: '756.6656.3147.60' })
  expect(server.log.join('')).not.toContain('special-words')
}, 120_000)
