import { afterEach, describe, expect, test } from 'bun:test'
import { testApp } from '../test-helpers'
import { createContext } from '../boot'
import { createApp } from '../app'
import { silentLogger } from '../log'
import { uploadForm, type Part } from '../documents/test-fixtures'
import { recognitionRunner } from './index'
import { rotateKeys } from '../cli/keys-rotate'
import { loadConfig } from '../config'
import { makeDoc } from './corpus/kinds'
import { rng } from './corpus/people'
import { textPdf } from './corpus/pdf'

const YEAR = 2025
let t: Awaited<ReturnType<typeof testApp>>
const extra: (() => void)[] = []
afterEach(() => {
  for (const f of extra.splice(0)) f()
  recognitionRunner(t.ctx)?.stop()
  t?.close()
})

const salaryDoc = () => makeDoc('salary', 'de', rng(7), YEAR)
const upload = (cookie: string, parts: Part[], fields: Record<string, string | number>) => {
  const form = uploadForm(parts, fields)
  if (fields.autoCategory) form.append('autoCategory', String(fields.autoCategory))
  return t.request('POST', '/api/files/upload', { cookie, raw: form })
}

/** Polls the recognition answer until it is no longer pending (a real worker process reads the file). */
async function settled(cookie: string, fileId: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const r = await t.request('GET', `/api/files/${fileId}/recognition`, { cookie })
    if (r.status !== 200 || r.json.status !== 'pending' || Date.now() > until) return r
    await Bun.sleep(50)
  }
}

describe('recognition of stored versions', () => {
  test('a text PDF salary statement: category, confidence, language, fields, reason; the list carries the ' +
    'summary', async () => {
    t = await testApp({}, { recognition: true })
    const { cookie } = await t.signIn('alice@example.ch')
    const doc = salaryDoc()
    const up = await upload(cookie, [{ name: 'lohn.pdf', data: (await textPdf(doc)) as Uint8Array<ArrayBuffer> }], {
      taxYear: YEAR,
      categoryId: 2,
    })
    expect(up.status).toBe(200)
    const id = up.json.files[0].value.id
    const r = await settled(cookie, id)
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({
      fileId: id,
      version: 1,
      status: 'done',
      categoryId: 1,
      language: 'de',
      method: 'pdf-text',
      documentYear: YEAR,
      movedFrom: null,
    })
    expect(r.json.confidence).toBeGreaterThanOrEqual(0.85)
    expect(r.json.reason).toContain('lohnausweis')
    expect(r.json.fields).toEqual({
      grossSalary: doc.expect.grossSalary,
      netSalary: doc.expect.netSalary,
      ahvNumber: doc.expect.ahvNumber,
      employer: expect.any(String),
      year: YEAR,
    })
    const list = await t.request('GET', `/api/files?taxYear=${YEAR}`, { cookie })
    expect(list.json[0].recognition).toEqual({
      status: 'done',
      categoryId: 1,
      confidence: r.json.confidence,
      movedFrom: null,
      documentYear: YEAR,
    })
    // The file stays where the person put it: the client suggests, the person decides.
    expect(list.json[0].categoryId).toBe(2)

    // The text is stored encrypted: the blob holds no word of it.
    const versionId = ((await t.ctx.backend.get('SELECT id FROM file_versions')) as { id: string }).id
    const blob = await t.stored.read(`recognition/blobs/${id}/${versionId}`)
    expect(blob.includes(Buffer.from('Lohnausweis'))).toBe(false)
    const text = await t.request('GET', `/api/files/${id}/recognition/text`, { cookie })
    expect(text.json.text).toContain('Bruttolohn total')
  }, 90_000)

  test('.doc is unsupported, .txt is read as it is', async () => {
    t = await testApp({}, { recognition: true })
    const { cookie } = await t.signIn('alice@example.ch')
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)])
    const doc = await upload(cookie, [{ name: 'old.doc', data: ole }], { taxYear: YEAR, categoryId: 25 })
    expect(doc.status).toBe(200)
    const txt = await upload(
      cookie,
      [
        {
          name: 'kita.txt',
          data: new TextEncoder().encode(
            `Kita Sonnenschein\nJahresrechnung Kinderbetreuung ${YEAR}\nBetreuungstage: 120\nTotal Elternbeitrag CHF ` +
              `9'400.00`,
          ),
        },
      ],
      { taxYear: YEAR, categoryId: 25 },
    )
    const d = await settled(cookie, doc.json.files[0].value.id)
    expect(d.json).toMatchObject({ status: 'unsupported', categoryId: null, confidence: null })
    const x = await settled(cookie, txt.json.files[0].value.id)
    expect(x.json).toMatchObject({ status: 'done', categoryId: 32, method: 'txt', documentYear: YEAR })
  }, 90_000)

  test('an "I don\'t know" upload goes to Other Documents and moves on its own once recognised', async () => {
    t = await testApp({}, { recognition: true })
    const { cookie } = await t.signIn('alice@example.ch')
    const up = await upload(
      cookie,
      [{ name: 'scan.pdf', data: (await textPdf(makeDoc('pillar3a', 'fr', rng(3), YEAR))) as Uint8Array<ArrayBuffer> }],
      { taxYear: YEAR, categoryId: 1, autoCategory: 1 },
    )
    const id = up.json.files[0].value.id
    await settled(cookie, id)
    // The move follows the stored result in a transaction of its own: the job ends after it.
    await recognitionRunner(t.ctx)?.settled()
    const r = await t.request('GET', `/api/files/${id}/recognition`, { cookie })
    expect(r.json).toMatchObject({ status: 'done', categoryId: 22, movedFrom: 25, language: 'fr' })
    const list = await t.request('GET', `/api/files?taxYear=${YEAR}`, { cookie })
    expect(list.json[0]).toMatchObject({ id, categoryId: 22 })
    expect(r.json.fields.pillar3aContribution).toBeGreaterThan(0)
  }, 90_000)

  test('another user and unknown files: 404; an admin may read', async () => {
    t = await testApp({ ADMIN_EMAILS: 'expert@example.ch' })
    const alice = await t.signIn('alice@example.ch')
    const bob = await t.signIn('bob@example.ch')
    const admin = await t.signIn('expert@example.ch')
    const up = await upload(
      alice.cookie,
      [{ name: 'a.txt', data: new TextEncoder().encode('Spendenbestätigung 2025') }],
      { taxYear: YEAR, categoryId: 5 },
    )
    const id = up.json.files[0].value.id
    expect((await t.request('GET', `/api/files/${id}/recognition`, { cookie: bob.cookie })).status).toBe(404)
    expect((await t.request('GET', `/api/files/nope/recognition`, { cookie: alice.cookie })).json.code).toBe(
      'FILE_NOT_FOUND',
    )
    // Queued, not run (this app has no runner): the job waits in the database.
    expect((await t.request('GET', `/api/files/${id}/recognition`, { cookie: admin.cookie })).json).toMatchObject({
      status: 'pending',
      categoryId: null,
    })
  })

  test('each version is read on its own: ?version=N answers that version, for the owner and an admin', async () => {
    t = await testApp({ ADMIN_EMAILS: 'expert@example.ch' }, { recognition: true })
    const alice = await t.signIn('alice@example.ch')
    const bob = await t.signIn('bob@example.ch')
    const admin = await t.signIn('expert@example.ch')
    const put = (text: string) =>
      upload(alice.cookie, [{ name: 'beleg.txt', data: new TextEncoder().encode(text) }], {
        taxYear: YEAR,
        categoryId: 25,
      })
    const id = (await put(`Kita Sonnenschein\nJahresrechnung Kinderbetreuung ${YEAR}\nTotal CHF 9'400.00`)).json
      .files[0].value.id as string
    expect((await settled(alice.cookie, id)).json).toMatchObject({ version: 1, categoryId: 32 })
    await put(`Spendenbestätigung ${YEAR}\nWir danken Ihnen für Ihre Spende von CHF 500.00 an die Stiftung.`)
    const current = await settled(admin.cookie, id)
    expect(current.json).toMatchObject({ version: 2, status: 'done', categoryId: 5 })
    const first = await t.request('GET', `/api/files/${id}/recognition?version=1`, { cookie: admin.cookie })
    expect(first.json).toMatchObject({ version: 1, status: 'done', categoryId: 32 })
    const text = (v: number, cookie: string) =>
      t.request('GET', `/api/files/${id}/recognition/text?version=${v}`, { cookie })
    expect((await text(1, admin.cookie)).json.text).toContain('Kita Sonnenschein')
    expect((await text(2, alice.cookie)).json.text).toContain('Spendenbestätigung')
    // The expert's reading of the text is audited like a download; the owner's own is not.
    const audited = (await t.ctx.backend.get(
      `SELECT COUNT(*) AS n FROM audit_log WHERE action = 'admin_read_text'`,
    )) as {
      n: number
    }
    expect(audited.n).toBe(1)
    expect((await text(1, bob.cookie)).status).toBe(404)
    expect((await t.request('GET', `/api/files/${id}/recognition?version=1`, { cookie: bob.cookie })).status).toBe(404)
    expect((await text(9, admin.cookie)).status).toBe(404)
    const bad = await t.request('GET', `/api/files/${id}/recognition?version=x`, { cookie: alice.cookie })
    expect([bad.status, bad.json.code]).toEqual([400, 'INVALID_INPUT'])
  }, 90_000)
})

describe('move', () => {
  async function setup() {
    t = await testApp({ ADMIN_EMAILS: 'expert@example.ch' })
    const alice = await t.signIn('alice@example.ch')
    const up = await upload(alice.cookie, [{ name: 'a.txt', data: new TextEncoder().encode('v1') }], {
      taxYear: YEAR,
      categoryId: 25,
    })
    const id = up.json.files[0].value.id as string
    await upload(alice.cookie, [{ name: 'a.txt', data: new TextEncoder().encode('v2') }], {
      taxYear: YEAR,
      categoryId: 25,
    })
    return { alice, id }
  }
  const move = (cookie: string, id: string, body: unknown) =>
    t.request('POST', `/api/files/${id}/move`, { cookie, body })

  test('moves the file with all its versions; refusals', async () => {
    const { alice, id } = await setup()
    const bob = await t.signIn('bob@example.ch')
    expect((await move(bob.cookie, id, { categoryId: 1 })).status).toBe(404)
    const unknown = await move(alice.cookie, id, { categoryId: 99 })
    expect([unknown.status, unknown.json.code]).toEqual([400, 'UNKNOWN_CATEGORY'])
    const otherYear = await move(alice.cookie, id, { categoryId: 1, taxYear: YEAR - 1 })
    expect([otherYear.status, otherYear.json.code]).toEqual([400, 'OTHER_YEAR'])
    // The year goes through the one parser (taxYearParam), not Number(): '2025.0' is no year, not "the same year".
    const sloppy = await move(alice.cookie, id, { categoryId: 1, taxYear: `${YEAR}.0` })
    expect([sloppy.status, sloppy.json.message]).toEqual([
      400,
      "Invalid field 'taxYear': expected a year from 1900 to 2999",
    ])
    expect((await move(alice.cookie, id, { categoryId: 'x' })).status).toBe(400)
    expect((await move(alice.cookie, id, {})).status).toBe(400)

    const ok = await move(alice.cookie, id, { categoryId: 1 })
    expect(ok.status).toBe(200)
    expect(ok.json).toMatchObject({ success: true, categoryId: 1, taxYear: YEAR })
    const history = await t.request('GET', `/api/files/${id}/history`, { cookie: alice.cookie })
    expect(history.json.map((v: { version: number }) => v.version)).toEqual([2, 1])
    const list = await t.request('GET', `/api/files?taxYear=${YEAR}`, { cookie: alice.cookie })
    expect(list.json).toHaveLength(1)
    expect(list.json[0]).toMatchObject({ id, categoryId: 1, version: 2 })
    // The admin may move it back.
    const admin = await t.signIn('expert@example.ch')
    expect((await move(admin.cookie, id, { categoryId: 25 })).json.categoryId).toBe(25)
  })

  test('a file of the same name in the target category: 409, nothing moved', async () => {
    const { alice, id } = await setup()
    await upload(alice.cookie, [{ name: 'a.txt', data: new TextEncoder().encode('other') }], {
      taxYear: YEAR,
      categoryId: 2,
    })
    const r = await move(alice.cookie, id, { categoryId: 2 })
    expect([r.status, r.json.code]).toEqual([409, 'NAME_TAKEN'])
  })

  test('the 2→3 check runs again: moving into the last missing required category completes the documents', async () => {
    t = await testApp()
    const { cookie, user } = await t.signIn('alice@example.ch')
    const { writeStatus, yearStatus } = await import('../tax-status/service')
    await writeStatus(t.ctx, user.id, YEAR, 2, null)
    for (const categoryId of [1, 2, 3, 4, 5])
      await upload(cookie, [{ name: `c${categoryId}.txt`, data: new TextEncoder().encode(`c${categoryId}`) }], {
        taxYear: YEAR,
        categoryId,
      })
    const up = await upload(cookie, [{ name: 'ga.txt', data: new TextEncoder().encode('Generalabonnement') }], {
      taxYear: YEAR,
      categoryId: 25,
    })
    expect((await yearStatus(t.ctx, user.id, YEAR)).statusId).toBe(2)
    const r = await move(cookie, up.json.files[0].value.id, { categoryId: 21 })
    expect(r.json.statusAdvanced).toBe(true)
    expect((await yearStatus(t.ctx, user.id, YEAR)).statusId).toBe(3)
  })
})

describe('the queue and deletion', () => {
  test('jobs queued before a stop run after the next start', async () => {
    t = await testApp() // no runner: uploads only queue
    const { cookie } = await t.signIn('alice@example.ch')
    const up = await upload(
      cookie,
      [{ name: 'zins.pdf', data: (await textPdf(makeDoc('mortgage', 'it', rng(5), YEAR))) as Uint8Array<ArrayBuffer> }],
      { taxYear: YEAR, categoryId: 14 },
    )
    const id = up.json.files[0].value.id
    expect((await t.request('GET', `/api/files/${id}/recognition`, { cookie })).json.status).toBe('pending')

    // A second process on the same data folder: it resumes the queue at start.
    const ctx2 = await createContext(t.config, { log: silentLogger })
    const app2 = await createApp(ctx2, new Map(), { recognition: true })
    extra.push(() => {
      recognitionRunner(ctx2)?.stop()
      ctx2.backend.close()
    })
    const until = Date.now() + 60_000
    let row = null as { status: string; category_id: number | null; fields: string } | null
    while (Date.now() < until) {
      row = (await ctx2.backend.get('SELECT status, category_id, fields FROM recognitions')) as typeof row
      if (row?.status !== 'pending') break
      await Bun.sleep(50)
    }
    expect(row).toMatchObject({ status: 'done', category_id: 14 })
    expect(JSON.parse(row!.fields).mortgageInterest).toBeGreaterThan(0)
    expect(app2).toBeDefined()
  }, 90_000)

  // RECOGNITION_RECYCLE_MB=1: every job leaves its worker above the limit, so the next starts a fresh one.
  for (const [limit, started, recycled] of [
    ['1', 2, 2],
    ['', 1, 0],
  ] as const)
    test(`RECOGNITION_RECYCLE_MB=${limit || 'unset'}: two jobs, ${started} worker(s), each done once`, async () => {
      t = await testApp({ RECOGNITION_RECYCLE_MB: limit }, { recognition: true })
      const { cookie } = await t.signIn('alice@example.ch')
      const ids: string[] = []
      for (const name of ['kita.txt', 'spende.txt']) {
        const data = new TextEncoder().encode(`${name} ${YEAR}\nTotal CHF 500.00`)
        ids.push((await upload(cookie, [{ name, data }], { taxYear: YEAR, categoryId: 25 })).json.files[0].value.id)
      }
      for (const id of ids) expect((await settled(cookie, id)).json.status).toBe('done')
      expect(recognitionRunner(t.ctx)!.pool.stats).toMatchObject({ started, recycled })
      // Claimed once each: a recycled worker neither loses a job nor hands it out again.
      const attempts = (await t.ctx.backend.all('SELECT attempts FROM recognitions')) as { attempts: number }[]
      expect(attempts).toEqual([{ attempts: 1 }, { attempts: 1 }])
    }, 90_000)

  test('deleting the file removes the recognition and the encrypted text at once', async () => {
    t = await testApp({}, { recognition: true })
    const { cookie } = await t.signIn('alice@example.ch')
    const up = await upload(
      cookie,
      [{ name: 'don.txt', data: new TextEncoder().encode('Attestation de don 2025\nTotal de vos dons CHF 200.00') }],
      { taxYear: YEAR, categoryId: 5 },
    )
    const id = up.json.files[0].value.id
    expect((await settled(cookie, id)).json.status).toBe('done')
    const texts = async () => (await t.stored.list()).filter((name) => name.startsWith(`recognition/blobs/${id}/`))
    expect(await texts()).toHaveLength(1)
    expect((await t.request('DELETE', `/api/files/${id}`, { cookie })).status).toBe(200)
    expect(await texts()).toEqual([])
    expect(((await t.ctx.backend.get('SELECT count(*) AS n FROM recognitions')) as { n: number }).n).toBe(0)
  }, 90_000)
})

test("keys rotate re-wraps the texts' data keys too: the text stays readable under the new master key", async () => {
  t = await testApp({}, { recognition: true })
  const { cookie } = await t.signIn('alice@example.ch')
  const up = await upload(
    cookie,
    [
      {
        name: 'ga.txt',
        data: new TextEncoder().encode('Generalabonnement 2. Klasse gültig vom 01.01.2025 bis 31.12.2025'),
      },
    ],
    { taxYear: YEAR, categoryId: 21 },
  )
  const id = up.json.files[0].value.id
  expect((await settled(cookie, id)).json.status).toBe('done')
  recognitionRunner(t.ctx)?.stop()
  const { newKey } = await rotateKeys(t.ctx)
  const ctx2 = await createContext(
    loadConfig({ ...t.cliEnv, PUBLIC_URL: 'http://localhost:3000', SWISSTAX_MASTER_KEY: newKey! }),
    { log: silentLogger },
  )
  extra.push(() => ctx2.backend.close())
  const row = (await ctx2.backend.get('SELECT file_id, version_id, text_key FROM recognitions')) as {
    file_id: string
    version_id: string
    text_key: string
  }
  const { readText } = await import('./text-store')
  expect(await readText(ctx2, row.file_id, row.version_id, row.text_key)).toContain('Generalabonnement')
}, 90_000)
