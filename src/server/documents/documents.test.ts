import { afterEach, describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { testApp } from '../test-helpers'
import { testStorageEnv } from '../infra/test-helpers'
import { writeStatus, yearStatus } from '../tax-status/service'
import { purgeDeleted, PURGE_AFTER_MS } from './lifecycle'
import {
  docx,
  elf,
  pdf,
  png,
  sha256,
  streamedContentHash,
  streamingUpload,
  uploadForm,
  type Part,
} from './test-fixtures'

const YEAR = 2025
let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())

async function setup(env: Record<string, string> = {}) {
  t = await testApp(env)
  const alice = await t.signIn('alice@example.ch')
  return alice
}
const upload = (
  cookie: string,
  parts: Part[],
  fields: { taxYear?: number | string; categoryId?: number | string } = { taxYear: YEAR, categoryId: 1 },
) => t.request('POST', '/api/files/upload', { cookie, raw: uploadForm(parts, fields) })
const count = async (table: string) =>
  ((await t.ctx.backend.get(`SELECT count(*) AS n FROM ${table}`)) as { n: number }).n

describe('refused uploads leave no row, no blob and no temporary file', () => {
  const cases: {
    name: string
    parts: () => Part[]
    fields?: Record<string, string | number>
    status: number
    code: string
    before?: (userId: number) => void
  }[] = [
    {
      name: 'a wrong extension',
      parts: () => [{ name: 'tool.exe', data: pdf() }],
      status: 415,
      code: 'FILE_TYPE_NOT_ALLOWED',
    },
    {
      name: 'an executable renamed .pdf',
      parts: () => [{ name: 'invoice.pdf', data: elf() }],
      status: 415,
      code: 'CONTENT_TYPE_MISMATCH',
    },
    {
      name: 'an empty file (0 bytes): empty, not of a wrong type',
      parts: () => [{ name: 'scan.pdf', data: new Uint8Array(0) }],
      status: 400,
      code: 'FILE_EMPTY',
    },
    {
      name: 'an empty .txt',
      parts: () => [{ name: 'notes.txt', data: new Uint8Array(0) }],
      status: 400,
      code: 'FILE_EMPTY',
    },
    {
      name: 'a PNG named .pdf',
      parts: () => [{ name: 'scan.pdf', data: png() }],
      status: 415,
      code: 'CONTENT_TYPE_MISMATCH',
    },
    {
      name: 'a binary .txt',
      parts: () => [{ name: 'notes.txt', data: new Uint8Array([0x68, 0, 0x69]) }],
      status: 415,
      code: 'CONTENT_TYPE_MISMATCH',
    },
    {
      name: 'a DOCX claiming 1 GB uncompressed (zip bomb)',
      parts: () => [{ name: 'letter.docx', data: docx(1024 * 1024 * 1024) }],
      status: 415,
      code: 'CONTENT_TYPE_MISMATCH',
    },
    {
      name: 'a PDF named .docx',
      parts: () => [{ name: 'letter.docx', data: pdf() }],
      status: 415,
      code: 'CONTENT_TYPE_MISMATCH',
    },
    {
      name: 'a hash mismatch',
      parts: () => [{ name: 'a.pdf', data: pdf(), hash: sha256('other') }],
      status: 422,
      code: 'HASH_MISMATCH',
    },
    {
      name: 'a missing hash',
      parts: () => [{ name: 'a.pdf', data: pdf(), hash: '' }],
      status: 400,
      code: 'MISSING_HASH',
    },
    {
      name: 'an unknown category',
      parts: () => [{ name: 'a.pdf', data: pdf() }],
      fields: { taxYear: YEAR, categoryId: 99 },
      status: 400,
      code: 'UNKNOWN_CATEGORY',
    },
    {
      name: 'a year not yet fileable',
      parts: () => [{ name: 'a.pdf', data: pdf() }],
      fields: { taxYear: 2026, categoryId: 1 },
      status: 409,
      code: 'TAX_YEAR_NOT_AVAILABLE',
    },
    {
      name: 'a missing year',
      parts: () => [{ name: 'a.pdf', data: pdf() }],
      fields: { categoryId: 1 },
      status: 400,
      code: 'INVALID_INPUT',
    },
  ]
  test.each(cases)('$name → $status $code', async (c) => {
    const { cookie, user } = await setup()
    c.before?.(user.id)
    const res = await upload(cookie, c.parts(), (c.fields ?? { taxYear: YEAR, categoryId: 1 }) as never)
    expect(res.status).toBe(c.status)
    expect(res.json.code).toBe(c.code)
    expect(typeof res.json.message).toBe('string')
    expect(await count('files')).toBe(0)
    expect(await count('file_versions')).toBe(0)
    expect(await t.stored.list()).toEqual([])
  })

  test('the wrong-extension message names the allowed types of src/shared', async () => {
    const { cookie } = await setup()
    const res = await upload(cookie, [{ name: 'tool.exe', data: pdf() }])
    expect(res.json.message).toBe(
      'File type not allowed: tool.exe. Allowed types: PDF, JPG, JPEG, PNG, DOC, DOCX, TXT.',
    )
  })

  test('without a session: 401 SESSION_EXPIRED, nothing stored', async () => {
    await setup()
    const res = await upload('', [{ name: 'a.pdf', data: pdf() }])
    expect(res.status).toBe(401)
    expect(res.json.code).toBe('SESSION_EXPIRED')
    expect(await t.stored.list()).toEqual([])
  })

  test(
    'a file over 50 MB is refused while streaming with 413: the rest of the body is never read, nothing is ' + 'left',
    async () => {
      const { cookie } = await setup()
      // 200 MB offered; the server stops reading at the 50 MB limit instead of taking the whole body first.
      // (Peak memory of real uploads is measured in bench/documents.ts.)
      const { body, contentType, pulled } = streamingUpload(200 * 1024 * 1024, {
        taxYear: String(YEAR),
        categoryId: '1',
      })
      const res = await t.app.handle(
        new Request('http://localhost/api/files/upload', {
          method: 'POST',
          body,
          headers: { cookie, 'content-type': contentType },
        }),
      )
      expect(res.status).toBe(413)
      expect(await res.json()).toMatchObject({
        code: 'FILE_TOO_LARGE',
        message: 'File Too Large: big.pdf is larger than 50MB. Please select a file smaller than 50MB.',
      })
      expect(pulled()).toBeGreaterThan(50 * 1024 * 1024)
      expect(pulled()).toBeLessThan(52 * 1024 * 1024)
      expect(await count('files')).toBe(0)
      expect(await t.stored.list()).toEqual([])
    },
  )

  test('an upload cut off by the client leaves no temporary file', async () => {
    const { cookie } = await setup()
    const { body, contentType } = streamingUpload(5 * 1024 * 1024, { taxYear: String(YEAR), categoryId: '1' })
    const reader = body.getReader()
    let sent = 0
    const broken = new ReadableStream<Uint8Array>({
      async pull(c) {
        const next = await reader.read()
        if (next.done) return c.error(new Error('connection reset'))
        sent += next.value.length
        if (sent > 2 * 1024 * 1024) return c.error(new Error('connection reset'))
        c.enqueue(next.value)
      },
    })
    const res = await t.app.handle(
      new Request('http://localhost/api/files/upload', {
        method: 'POST',
        body: broken,
        headers: { cookie, 'content-type': contentType },
      }),
    )
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('INVALID_UPLOAD')
    expect(await count('files')).toBe(0)
    expect(await t.stored.list()).toEqual([])
  })

  test('a real DOCX (a small ZIP) is accepted and served as an attachment', async () => {
    const { cookie } = await setup()
    const res = await upload(cookie, [{ name: 'letter.docx', data: docx() }])
    expect(res.status).toBe(200)
    const content = await t.request('GET', res.json.files[0].value.blobUrl, { cookie })
    expect(content.headers.get('content-disposition')).toStartWith('attachment;')
    expect(content.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    )
  })

  test('exactly 50 MB is accepted, streamed and stored encrypted', async () => {
    const { cookie } = await setup()
    const size = 50 * 1024 * 1024
    const { body, contentType } = streamingUpload(
      size,
      { taxYear: String(YEAR), categoryId: '1' },
      streamedContentHash(size),
    )
    const res = await t.app.handle(
      new Request('http://localhost/api/files/upload', {
        method: 'POST',
        body,
        headers: { cookie, 'content-type': contentType },
      }),
    )
    expect(res.status).toBe(200)
    const list = await t.request('GET', '/api/files', { cookie })
    expect(list.json[0].size).toBe(size)
    expect(await t.stored.list()).toHaveLength(1)
  })

  test('a path in the file name is reduced to its last segment and never used as a path', async () => {
    const { cookie } = await setup()
    const res = await upload(cookie, [{ name: '../../../etc/evil.pdf', data: pdf() }])
    expect(res.status).toBe(200)
    const id = res.json.files[0].value.id
    const list = await t.request('GET', `/api/files?taxYear=${YEAR}`, { cookie })
    expect(list.json[0].originalFileName).toBe('evil.pdf')
    const files = await t.stored.list()
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(new RegExp(`^blobs/${id}/[0-9a-f-]{36}$`))
  })

  test('one good and one bad file: 200, the good one stored, failedCount 1', async () => {
    const { cookie } = await setup()
    const res = await upload(cookie, [
      { name: 'good.pdf', data: pdf() },
      { name: 'bad.pdf', data: elf() },
    ])
    expect(res.status).toBe(200)
    expect(res.json.failedCount).toBe(1)
    expect(res.json.files[0].status).toBe('fulfilled')
    expect(res.json.files[1]).toMatchObject({ status: 'rejected', code: 'CONTENT_TYPE_MISMATCH', filename: 'bad.pdf' })
    expect(await count('files')).toBe(1)
    expect(await t.stored.list()).toHaveLength(1)
  })
})

describe('stored files', () => {
  test('with STORAGE_URL the document is an object of the bucket, and nothing of it is on the disk', async () => {
    const { cookie } = await setup(await testStorageEnv())
    const data = pdf('kept in the bucket')
    const res = await upload(cookie, [{ name: 'bank.pdf', data }])
    expect(res.status).toBe(200)
    const { id } = res.json.files[0].value
    expect(t.blobs.kind).toBe('s3')
    // Only the database is a file of the data folder (and the temporary folders, empty).
    const onDisk = (readdirSync(t.dataDir, { recursive: true }) as string[]).filter(
      (f) => !f.startsWith('swisstax.db') && statSync(join(t.dataDir, f)).isFile(),
    )
    expect(onDisk).toEqual([])
    const [name, ...more] = await t.stored.list()
    expect([name, more]).toEqual([expect.stringMatching(new RegExp(`^blobs/${id}/`)), []])
    expect((await t.stored.read(name!)).includes(Buffer.from('kept in the bucket'))).toBe(false)
    expect((await t.request('GET', `/api/files/${id}/content`, { cookie })).text).toBe(new TextDecoder().decode(data))
  })

  test('upload, list, history and content come back byte-identical with the right headers', async () => {
    const { cookie } = await setup()
    const data = pdf('statement')
    const res = await upload(cookie, [{ name: 'Lohnausweis März.pdf', data }])
    expect(res.status).toBe(200)
    const item = res.json.files[0].value
    expect(item.hash).toBe(sha256(data))
    const list = await t.request('GET', `/api/files?taxYear=${YEAR}`, { cookie })
    expect(list.json).toHaveLength(1)
    expect(list.json[0]).toMatchObject({
      id: item.id,
      originalFileName: 'Lohnausweis März.pdf',
      categoryId: 1,
      categoryName: 'Salary Statement',
      taxYear: YEAR,
      version: 1,
      size: data.length,
    })
    const content = await t.app.handle(new Request(`http://localhost${item.blobUrl}`, { headers: { cookie } }))
    expect(content.status).toBe(200)
    expect(new Uint8Array(await content.arrayBuffer())).toEqual(data)
    expect(content.headers.get('content-type')).toBe('application/pdf')
    expect(content.headers.get('x-content-type-options')).toBe('nosniff')
    expect(content.headers.get('content-disposition')).toBe(
      `inline; filename="Lohnausweis Ma_rz.pdf"; filename*=UTF-8''Lohnausweis%20M%C3%A4rz.pdf`,
    )
    expect(content.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    const download = await t.request('GET', `/api/files/${item.id}/content?download=1`, { cookie })
    expect(download.headers.get('content-disposition')).toStartWith('attachment;')
    expect(download.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
  })

  test('a .txt is served as an attachment, and its plaintext is nowhere under DATA_DIR nor in the bucket', async () => {
    const { cookie } = await setup()
    const secret = 'AHV 756.1234.5678.97 very secret salary figure 123456'
    const res = await upload(cookie, [{ name: 'notes.txt', data: new TextEncoder().encode(secret) }])
    expect(res.status).toBe(200)
    // SQLite: the WAL checkpointed into the file too. PostgreSQL keeps no database file under DATA_DIR at all.
    await t.ctx.backend.sqlite?.exclusive(async (db) => db.exec('PRAGMA wal_checkpoint(FULL)'))
    for (const f of readdirSync(t.dataDir, { recursive: true }) as string[]) {
      try {
        expect(readFileSync(join(t.dataDir, f)).includes(Buffer.from('very secret salary'))).toBe(false)
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EISDIR') throw e
      }
    }
    const stored = await t.stored.list()
    expect(stored).toHaveLength(1)
    for (const name of stored)
      expect((await t.stored.read(name)).includes(Buffer.from('very secret salary'))).toBe(false)
    const content = await t.request('GET', `/api/files/${res.json.files[0].value.id}/content`, { cookie })
    expect(content.text).toBe(secret)
    expect(content.headers.get('content-disposition')).toStartWith('attachment;')
    expect(content.headers.get('content-type')).toBe('text/plain; charset=utf-8')
  })

  test('same name, category and year adds a version; identical content adds nothing', async () => {
    const { cookie } = await setup()
    const first = await upload(cookie, [{ name: 'bank.pdf', data: pdf('v1') }])
    const second = await upload(cookie, [{ name: 'bank.pdf', data: pdf('v2') }])
    expect(second.json.files[0].value).toMatchObject({ id: first.json.files[0].value.id, version: 2, unchanged: false })
    const again = await upload(cookie, [{ name: 'bank.pdf', data: pdf('v2') }])
    expect(again.json.files[0].value).toMatchObject({ version: 2, unchanged: true })
    const otherCategory = await upload(cookie, [{ name: 'bank.pdf', data: pdf('v2') }], {
      taxYear: YEAR,
      categoryId: 2,
    })
    expect(otherCategory.json.files[0].value.id).not.toBe(first.json.files[0].value.id)
    expect(await count('file_versions')).toBe(3)
    expect(await t.stored.list()).toHaveLength(3)
    const id = first.json.files[0].value.id
    const history = await t.request('GET', `/api/files/${id}/history`, { cookie })
    expect(history.json.map((v: { version: number }) => v.version)).toEqual([2, 1])
    expect(history.json[1]).toMatchObject({ filename: 'bank.pdf', blobUrl: `/api/files/${id}/versions/1/content` })
    const v1 = await t.request('GET', history.json[1].blobUrl, { cookie })
    expect(v1.text).toContain('% v1')
    const current = await t.request('GET', `/api/files/${id}/content`, { cookie })
    expect(current.text).toContain('% v2')
  })

  test('the per-category endpoint /api/upload takes hashes as a JSON array', async () => {
    const { cookie } = await setup()
    const data = png()
    const form = new FormData()
    form.append('files', new Blob([data]), 'photo.png')
    form.append('hashes', JSON.stringify([sha256(data)]))
    form.append('categoryId', '26')
    form.append('categoryName', 'Spouse: Bank Documents')
    form.append('taxYear', String(YEAR))
    const res = await t.request('POST', '/api/upload', { cookie, raw: form })
    expect(res.status).toBe(200)
    expect(res.json.success).toBe(true)
    const bad = new FormData()
    bad.append('files', new Blob([data]), 'photo.png')
    bad.append('hashes', 'not json')
    bad.append('taxYear', String(YEAR))
    const refused = await t.request('POST', '/api/upload', { cookie, raw: bad })
    expect(refused.status).toBe(400)
    expect(await t.stored.list()).toHaveLength(1)
  })

  test('a tampered blob fails its integrity check instead of returning wrong bytes', async () => {
    const { cookie } = await setup()
    const res = await upload(cookie, [{ name: 'a.pdf', data: pdf() }])
    const blob = (await t.stored.list())[0]!
    const bytes = await t.stored.read(blob)
    bytes[bytes.length - 20]! ^= 1
    await t.stored.write(blob, bytes)
    const content = await t.request('GET', res.json.files[0].value.blobUrl, { cookie })
    expect(content.status).toBe(500)
    expect(content.json.code).toBe('FILE_INTEGRITY_FAILED')
  })
})

describe('access', () => {
  test(
    "another user's file is 404 on history, content and delete, and absent from their list; an admin may " + 'read',
    async () => {
      t = await testApp({ ADMIN_EMAILS: 'admin@example.ch', TRUST_PROXY: '1' })
      const alice = await t.signIn('alice@example.ch')
      const bob = await t.signIn('bob@example.ch')
      const admin = await t.signIn('admin@example.ch')
      const res = await upload(alice.cookie, [{ name: 'a.pdf', data: pdf() }])
      const id = res.json.files[0].value.id
      for (const [method, path] of [
        ['GET', `/api/files/${id}/history`],
        ['GET', `/api/files/${id}/content`],
        ['GET', `/api/files/${id}/versions/1/content`],
        ['DELETE', `/api/files/${id}`],
      ] as const) {
        const r = await t.request(method, path, { cookie: bob.cookie })
        expect({ path, status: r.status, code: r.json?.code }).toEqual({ path, status: 404, code: 'FILE_NOT_FOUND' })
      }
      expect((await t.request('GET', `/api/files?taxYear=${YEAR}`, { cookie: bob.cookie })).json).toEqual([])
      expect((await t.request('GET', `/api/files?userId=${alice.user.id}`, { cookie: bob.cookie })).status).toBe(404)
      expect(
        (await t.request('GET', `/api/files?userId=${alice.user.id}`, { cookie: admin.cookie })).json,
      ).toHaveLength(1)
      const from = { 'x-forwarded-for': '203.0.113.9' }
      expect((await t.request('GET', `/api/files/${id}/content`, { cookie: admin.cookie, headers: from })).status).toBe(
        200,
      )
      expect((await t.request('GET', `/api/files/${id}/history`, { cookie: admin.cookie })).json).toHaveLength(1)
      // The owner's own download is not an expert's access: only the admin's is audited, with the address.
      expect((await t.request('GET', `/api/files/${id}/content`, { cookie: alice.cookie })).status).toBe(200)
      expect(
        await t.ctx.backend.all(
          `SELECT user_id AS "userId", ip, detail FROM audit_log WHERE action = 'admin_download'`,
        ),
      ).toEqual([{ userId: admin.user.id, ip: '203.0.113.9', detail: JSON.stringify({ fileId: id, version: 1 }) }])
      expect((await t.request('GET', `/api/files/${id}/content`)).status).toBe(401)
    },
  )

  test('GET /api/files sends an ETag and answers 304 until the list changes; limit is bounded', async () => {
    const { cookie } = await setup()
    await upload(cookie, [{ name: 'a.pdf', data: pdf() }])
    const first = await t.request('GET', `/api/files?taxYear=${YEAR}`, { cookie })
    const etag = first.headers.get('etag')!
    expect(etag).toBeTruthy()
    const again = await t.request('GET', `/api/files?taxYear=${YEAR}`, { cookie, headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    t.clock.now += 1000
    await upload(cookie, [{ name: 'b.pdf', data: pdf('b') }])
    const changed = await t.request('GET', `/api/files?taxYear=${YEAR}`, { cookie, headers: { 'if-none-match': etag } })
    expect(changed.status).toBe(200)
    expect(changed.json.map((f: { filename: string }) => f.filename)).toEqual(['b.pdf', 'a.pdf'])
    expect((await t.request('GET', `/api/files?limit=1`, { cookie })).json).toHaveLength(1)
    expect((await t.request('GET', `/api/files?limit=1001`, { cookie })).status).toBe(400)
  })
})

describe('delete and purge', () => {
  test('delete hides the file at once and purges its blobs and rows after 30 days', async () => {
    const { cookie } = await setup()
    const res = await upload(cookie, [{ name: 'a.pdf', data: pdf() }])
    const id = res.json.files[0].value.id
    const del = await t.request('DELETE', `/api/files/${id}`, { cookie })
    expect(del.json).toMatchObject({ success: true, statusAdvanced: false })
    expect((await t.request('GET', `/api/files`, { cookie })).json).toEqual([])
    expect((await t.request('GET', `/api/files/${id}/content`, { cookie })).status).toBe(404)
    const store = t.blobs
    expect(await purgeDeleted(t.ctx, store)).toBe(0)
    expect(await t.stored.list()).toHaveLength(1)
    t.clock.now += PURGE_AFTER_MS + 1000
    expect(await purgeDeleted(t.ctx, store)).toBe(1)
    expect(await t.stored.list()).toEqual([])
    expect((await count('files')) + (await count('file_versions'))).toBe(0)
  })

  test('a transmitted year refuses deletes with 409', async () => {
    const { cookie, user } = await setup()
    const res = await upload(cookie, [{ name: 'a.pdf', data: pdf() }])
    await writeStatus(t.ctx, user.id, YEAR, 4, null)
    const del = await t.request('DELETE', `/api/files/${res.json.files[0].value.id}`, { cookie })
    expect(del.status).toBe(409)
  })

  test('after transmission a forgotten document may still be added, as new; the rest stays closed', async () => {
    const { cookie, user } = await setup()
    const before = await upload(cookie, [{ name: 'lohn.pdf', data: pdf('lohn') }])
    await writeStatus(t.ctx, user.id, YEAR, 4, null)
    // A new document, in a section's category too (the completed advanced section does not close it after transmit).
    const late = await upload(cookie, [{ name: 'vergessen.pdf', data: pdf('vergessen') }], {
      taxYear: YEAR,
      categoryId: 4,
    })
    expect([late.status, late.json.failedCount]).toEqual([200, 0])
    const spouse = await upload(cookie, [{ name: 'partner.pdf', data: pdf('partner') }], {
      taxYear: YEAR,
      categoryId: 30,
    })
    expect([spouse.status, spouse.json.failedCount]).toEqual([200, 0])
    const list = (await t.request('GET', `/api/files?taxYear=${YEAR}`, { cookie })).json as {
      filename: string
      afterTransmission: boolean
    }[]
    expect(Object.fromEntries(list.map((f) => [f.filename, f.afterTransmission]))).toEqual({
      'lohn.pdf': false,
      'vergessen.pdf': true,
      'partner.pdf': true,
    })
    // The status stays where the experts have it; deleting what was transmitted stays refused.
    expect((await t.request('GET', `/api/tax-status?taxYear=${YEAR}`, { cookie })).json.current_status_id).toBe(4)
    const del = await t.request('DELETE', `/api/files/${before.json.files[0].value.id}`, { cookie })
    expect([del.status, del.json.code]).toEqual([409, 'YEAR_TRANSMITTED'])
  })
})

describe('categories and auto-advance', () => {
  test('basic lists the six required categories, all every one, in the user language', async () => {
    const { cookie } = await setup()
    const basic = await t.request('GET', `/api/document-categories?taxYear=${YEAR}&mode=basic`, { cookie })
    expect(basic.json.map((c: { id: number }) => c.id)).toEqual([1, 2, 3, 4, 5, 21])
    const all = await t.request('GET', `/api/document-categories?mode=all`, { cookie })
    expect(all.json).toHaveLength(34)
    await t.request('PUT', '/api/user/language', { cookie, body: { language: 'de' } })
    const de = await t.request('GET', `/api/document-categories?mode=basic`, { cookie })
    expect(de.json[0]).toMatchObject({
      id: 1,
      name: 'Lohnausweis',
      nameKey: 'category.salary_statement',
      required: true,
      isRelevant: true,
    })
  })

  test('2→3 when the sixth required category gets a file', async () => {
    const { cookie, user } = await setup()
    await writeStatus(t.ctx, user.id, YEAR, 2, user.id)
    for (const categoryId of [1, 2, 3, 4, 5]) {
      const r = await upload(cookie, [{ name: `c${categoryId}.pdf`, data: pdf(String(categoryId)) }], {
        taxYear: YEAR,
        categoryId,
      })
      expect(r.json.statusAdvanced).toBe(false)
    }
    expect((await yearStatus(t.ctx, user.id, YEAR)).statusId).toBe(2)
    const last = await upload(cookie, [{ name: 'ticket.pdf', data: pdf('21') }], { taxYear: YEAR, categoryId: 21 })
    expect(last.json.statusAdvanced).toBe(true)
    expect((await yearStatus(t.ctx, user.id, YEAR)).statusId).toBe(3)
  })

  test('2→3 when the sixth required category is marked not relevant; marks show in the category list', async () => {
    const { cookie, user } = await setup()
    await writeStatus(t.ctx, user.id, YEAR, 2, user.id)
    for (const categoryId of [1, 2, 3, 4, 5])
      await upload(cookie, [{ name: `c${categoryId}.pdf`, data: pdf(String(categoryId)) }], {
        taxYear: YEAR,
        categoryId,
      })
    const mark = await t.request('POST', '/api/user-preferences/21', {
      cookie,
      body: { taxYear: YEAR, isRelevant: false },
    })
    expect(mark.json).toMatchObject({ success: true, isRelevant: false, statusAdvanced: true })
    expect((await yearStatus(t.ctx, user.id, YEAR)).statusId).toBe(3)
    const cats = await t.request('GET', `/api/document-categories?taxYear=${YEAR}`, { cookie })
    expect(cats.json.find((c: { id: number }) => c.id === 21)).toMatchObject({ isRelevant: false, fileCount: 0 })
    expect(cats.json.find((c: { id: number }) => c.id === 1)).toMatchObject({ isRelevant: true, fileCount: 1 })
    expect(
      (await t.request('POST', '/api/user-preferences/99', { cookie, body: { taxYear: YEAR, isRelevant: false } }))
        .status,
    ).toBe(404)
    expect(
      (await t.request('POST', '/api/user-preferences/1', { cookie, body: { taxYear: 2026, isRelevant: false } }))
        .status,
    ).toBe(409)
  })
})
