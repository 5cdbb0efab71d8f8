import { afterEach, describe, expect, test } from 'bun:test'
import { testApp } from '../test-helpers'
import { uploadForm } from '../documents/test-fixtures'
import { RequestContext } from '../infra/request-context'
import { recognitionRunner } from './index'
import { statementOf, statementXml } from './statement'
import { IBKR_2025, manySecurities, statementPdf, totalsOf } from './worker/e-statement/make-statement'

let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => {
  recognitionRunner(t.ctx)?.stop()
  t?.close()
})

const upload = async (cookie: string, name: string, data: Uint8Array, taxYear = 2025, categoryId = 25) => {
  const r = await t.request('POST', '/api/files/upload', {
    cookie,
    raw: uploadForm([{ name, data: data as Uint8Array<ArrayBuffer> }], { taxYear, categoryId }),
  })
  expect(r.status).toBe(200)
  return r.json.files[0].value.id as string
}
async function settled(cookie: string, fileId: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const r = await t.request('GET', `/api/files/${fileId}/recognition`, { cookie })
    if (r.status !== 200 || r.json.status !== 'pending' || Date.now() > until) return r
    await Bun.sleep(50)
  }
}

describe('an e-Steuerauszug uploaded', () => {
  test('barcodes over two sheets are read: category, year, figures on the file, the XML encrypted', async () => {
    t = await testApp({}, { recognition: true })
    const { cookie, user } = await t.signIn('alice@example.ch')
    const f = manySecurities(25)
    const id = await upload(cookie, 'zkb-steuerauszug.pdf', await statementPdf(f, { segmentBytes: 200, reverse: true }))
    const r = await settled(cookie, id)
    expect(r.json).toMatchObject({
      status: 'done',
      categoryId: 10,
      confidence: 0.99,
      documentYear: 2025,
      method: 'e-statement',
      statement: { institution: 'Zürcher Kantonalbank', taxPeriod: 2025 },
    })
    expect(r.json.reason[0]).toMatch(/^e-Steuerauszug eCH-0196 \(\d+ barcodes\)$/)
    const s = r.json.fields.statement
    expect(s).toMatchObject({ clientNumber: '1100-2233.445', clientName: 'Hans Müller & Söhne', canton: 'ZH' })
    expect(s.totals).toMatchObject(totalsOf(f))
    expect(s.securities).toHaveLength(25)
    expect(r.json.fields.statementXmlKey).toBeUndefined()

    const list = await t.request('GET', '/api/files?taxYear=2025', { cookie })
    const t0 = totalsOf(f)
    expect(list.json[0].recognition.statement).toEqual({
      institution: 'Zürcher Kantonalbank',
      taxPeriod: 2025,
      taxValue: t0.taxValue,
      grossRevenue: t0.grossRevenueA,
      withholdingTaxClaim: t0.withholdingTaxClaim,
    })

    const rc = new RequestContext(
      { id: user.id, email: user.email, role: 'user', language: 'en' },
      new Request('http://localhost/'),
      null,
      t.ctx.config,
    )
    const xml = await statementXml(t.ctx, rc, id)
    expect(xml).toContain('<taxStatement xmlns="http://www.ech.ch/xmlns/eCH-0196/2"')
    expect((await statementOf(t.ctx, rc.user, id))?.totals.taxValue).toBe(t0.taxValue)
    // Stored encrypted: no blob of the recognition folder holds the XML's words.
    const xmls = (await t.stored.list()).filter((name) => name.startsWith(`recognition/statements/blobs/${id}/`))
    expect(xmls).toHaveLength(1)
    for (const name of xmls) expect((await t.stored.read(name)).includes('taxStatement')).toBe(false)
  }, 90_000)

  test('accounts only: bank documents; another year than the upload’s is told by documentYear', async () => {
    t = await testApp({}, { recognition: true })
    const { cookie } = await t.signIn('alice@example.ch')
    const pdf = await statementPdf({ ...IBKR_2025, securities: [], taxPeriod: 2024 })
    const r = await settled(cookie, await upload(cookie, 'konto.pdf', pdf, 2025))
    expect(r.json).toMatchObject({ status: 'done', categoryId: 2, documentYear: 2024, method: 'e-statement' })
  }, 90_000)

  test('a segment missing: read as text, and the reason says why', async () => {
    t = await testApp({}, { recognition: true })
    const { cookie } = await t.signIn('alice@example.ch')
    const pdf = await statementPdf(manySecurities(25), { segmentBytes: 200, drop: [2] })
    const r = await settled(cookie, await upload(cookie, 'kaputt.pdf', pdf))
    expect(r.json.status).toBe('done')
    expect(r.json.method).toBe('pdf-text')
    expect(r.json.fields.statement).toBeUndefined()
    expect(r.json.reason[0]).toMatch(
      new RegExp(
        '^e-Steuerauszug barcodes not read \\(incomplete statement: ' +
          '\\d+ of \\d+ barcode segments read, missing 3\\); read as text$',
      ),
    )
  }, 90_000)
})

describe('GET /api/files/:id/statement.xml', () => {
  test('the owner and an expert (audited) download the XML; anyone else and a plain file get 404', async () => {
    t = await testApp({ ADMIN_EMAILS: 'expert@firm.ch' }, { recognition: true })
    const { cookie, user } = await t.signIn('alice@example.ch')
    const id = await upload(cookie, 'ibkr.pdf', await statementPdf(IBKR_2025))
    expect((await settled(cookie, id)).json.method).toBe('e-statement')
    const own = await t.request('GET', `/api/files/${id}/statement.xml`, { cookie })
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(own.headers.get('content-disposition')).toStartWith('attachment;')
    expect(own.text).toContain('<taxStatement xmlns="http://www.ech.ch/xmlns/eCH-0196/2"')
    const expert = await t.signIn('expert@firm.ch')
    expect((await t.request('GET', `/api/files/${id}/statement.xml`, { cookie: expert.cookie })).text).toBe(own.text)
    const audited = await t.ctx.backend.all<{ target_user_id: number }>(
      "SELECT target_user_id FROM audit_log WHERE action = 'admin_read_statement_xml'",
    )
    expect(audited).toEqual([{ target_user_id: user.id }])
    const other = await t.signIn('bob@example.ch')
    const foreign = await t.request('GET', `/api/files/${id}/statement.xml`, { cookie: other.cookie })
    expect(foreign.status).toBe(404)
    const plain = await upload(cookie, 'notes.txt', new TextEncoder().encode('Steuerauszug folgt'))
    await settled(cookie, plain)
    const none = await t.request('GET', `/api/files/${plain}/statement.xml`, { cookie })
    expect({ status: none.status, code: none.json.code }).toEqual({ status: 404, code: 'NO_STATEMENT' })
  }, 90_000)
})
