// The expert's dossier of a client's year (issue 26): one PDF, a cover, every current document, bookmarks.
import { afterEach, describe, expect, test } from 'bun:test'
import { PDFDict, PDFDocument, PDFName, PDFNumber, StandardFonts } from 'pdf-lib'
import { testApp } from '../test-helpers'
import { png, uploadForm } from '../documents/test-fixtures'
import { openPdf } from '../recognition/worker/pdf'
import { addDecimals, formatChf, formatDecimal } from '../../shared/decimal'

let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())
const ADMIN = 'expert@firm.ch'

async function pdfOf(pages: number, label: string) {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let i = 1; i <= pages; i++) doc.addPage().drawText(`${label} page ${i}`, { x: 50, y: 700, font, size: 14 })
  return new Uint8Array(await doc.save())
}

async function upload(cookie: string, name: string, data: Uint8Array, categoryId: number) {
  const res = await t.app.handle(
    new Request('http://localhost/api/files/upload', {
      method: 'POST',
      headers: { cookie },
      body: uploadForm([{ name, data: data as Uint8Array<ArrayBuffer> }], { taxYear: 2025, categoryId }),
    }),
  )
  expect(res.status).toBe(200)
  return ((await res.json()) as { files: { value: { id: string } }[] }).files[0]!.value.id
}

async function client() {
  const { cookie, user } = await t.signIn('anna@example.ch')
  await t.request('PUT', '/api/user/profile', {
    cookie,
    body: { firstName: 'Anna', lastName: 'Muster', phone: '791234567', countryCode: '+41', maritalStatus: 'married' },
  })
  await t.request('POST', '/api/gtc/accept', { cookie, body: { accepted: true } })
  return { cookie, user }
}

/** What recognition keeps of an e-Steuerauszug (fields.statement), as a document's read result. */
async function statementRead(fileId: string, statement: Record<string, unknown>) {
  const v = (await t.ctx.backend.get<{ id: string }>(
    'SELECT id FROM file_versions WHERE file_id = ? ORDER BY version DESC LIMIT 1',
    fileId,
  ))!
  await t.ctx.backend.run(
    `INSERT INTO recognitions
         (version_id, file_id, user_id, status, category_id, confidence, fields, created_at, updated_at)
       SELECT ?, ?, user_id, 'done', 10, 1, ?, 0, 0 FROM files WHERE id = ?
       ON CONFLICT (version_id) DO UPDATE SET status = 'done', fields = excluded.fields`,
    v.id,
    fileId,
    JSON.stringify({ statement }),
    fileId,
  )
}

const textOf = async (bytes: Uint8Array) => {
  const doc = await openPdf(bytes.slice()) // PDF.js takes the buffer it is given
  try {
    return { pages: doc.pages, text: await doc.text(1_000_000) }
  } finally {
    await doc.close()
  }
}

describe('GET /api/admin/users/:id/dossier', () => {
  test('a cover, then every current document in category order, PDFs page by page, pictures on a page', async () => {
    t = await testApp({ ADMIN_EMAILS: ADMIN, FIRM_NAME: 'Treuhand Muster AG' })
    const { cookie, user } = await client()
    await upload(cookie, 'lohnausweis.pdf', await pdfOf(2, 'Salary'), 1)
    await upload(cookie, 'lohnausweis.pdf', await pdfOf(3, 'Salary corrected'), 1) // version 2: the current one
    const ibkr = await upload(cookie, 'ibkr.pdf', await pdfOf(1, 'Securities'), 10)
    const ubs = await upload(cookie, 'ubs.pdf', await pdfOf(1, 'Bank'), 10)
    await upload(cookie, 'receipt.png', png(), 5)
    await upload(cookie, 'notes.txt', new TextEncoder().encode('a note'), 25)
    await statementRead(ibkr, {
      institution: 'Interactive Brokers',
      clientNumber: 'U1234567',
      totals: { taxValue: '39351.02', grossRevenueA: '0.10', grossRevenueB: '137.45', withholdingTaxClaim: '0.00' },
    })
    await statementRead(ubs, {
      institution: 'UBS Switzerland AG',
      clientNumber: '0235-00123456',
      totals: { taxValue: '1000000.05', grossRevenueA: '0.20', grossRevenueB: '0.00', withholdingTaxClaim: '12.35' },
    })
    const admin = await t.signIn(ADMIN)
    const res = await t.app.handle(
      new Request(`http://localhost/api/admin/users/${user.id}/dossier?taxYear=2025`, {
        headers: { cookie: admin.cookie },
      }),
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toContain('dossier-2025')
    const bytes = new Uint8Array(await res.arrayBuffer())
    const { pages, text } = await textOf(bytes)
    if (process.env.DOSSIER_OUT) await Bun.write(process.env.DOSSIER_OUT, bytes)
    const doc = await PDFDocument.load(bytes)
    expect(doc.getPageCount()).toBe(pages)
    // Documents after the cover: 3 pages of the current salary statement, 1 + 1 statements, the picture, a notice.
    const cover = pages - 7
    expect(cover).toBeGreaterThanOrEqual(1)
    expect(text).toContain('Dossier 2025')
    expect(text).toContain('Anna Muster')
    expect(text).toContain('Treuhand Muster AG')
    expect(text).toContain('Interactive Brokers')
    // The sums of both statements, exact to the cent (0.10 + 0.20 is 0.30, not 0.30000000000000004).
    expect(text).toMatch(/Total\s*1'039'351\.07\s*0\.30\s*137\.45\s*12\.35/)
    const page = await t.request('GET', `/api/admin/users/${user.id}?taxYear=2025`, { cookie: admin.cookie })
    expect(page.json.statements.totals).toEqual({
      taxValue: '1039351.07',
      grossRevenueA: '0.30',
      grossRevenueB: '137.45',
      withholdingTaxClaim: '12.35',
    })
    expect(page.json.statements.rows.map((r: { institution: string }) => r.institution)).toEqual([
      'Interactive Brokers',
      'UBS Switzerland AG',
    ])
    // Category order: salary (1), receipts (5), securities (10), other (25); only the current version.
    const order = [
      'Salary corrected page 1',
      'Salary corrected page 3',
      'Securities page 1',
      'Bank page 1',
      'notes.txt is neither a PDF',
    ]
    const at = order.map((s) => text.indexOf(s))
    expect(at.every((i) => i > 0)).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
    expect(text).not.toContain('Salary page 1')
    // Bookmarks: the cover, then one per category, each holding its documents.
    const outlines = doc.catalog.lookup(PDFName.of('Outlines'), PDFDict)
    expect(outlines.lookup(PDFName.of('Count'), PDFNumber).asNumber()).toBe(5) // cover + 4 categories
    // The download is audited with the client as target.
    const row = await t.ctx.backend.get<{ target_user_id: number }>(
      "SELECT target_user_id FROM audit_log WHERE action = 'admin_download_dossier'",
    )
    expect(row?.target_user_id).toBe(user.id)
  })

  test('the cover speaks the expert language; a damaged PDF becomes a notice page', async () => {
    t = await testApp({ ADMIN_EMAILS: ADMIN })
    const { cookie, user } = await client()
    const broken = new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> garbage')
    await upload(cookie, 'kaputt.pdf', broken, 1)
    const admin = await t.signIn(ADMIN)
    await t.request('PUT', '/api/user/language', { cookie: admin.cookie, body: { language: 'de' } })
    const res = await t.app.handle(
      new Request(`http://localhost/api/admin/users/${user.id}/dossier?taxYear=2025`, {
        headers: { cookie: admin.cookie },
      }),
    )
    expect(res.status).toBe(200)
    const { text } = await textOf(new Uint8Array(await res.arrayBuffer()))
    expect(text).toContain('Lohnausweis')
    expect(text).toContain('Verheiratet')
    expect(text).toContain('kaputt.pdf konnte nicht in dieses Dossier aufgenommen werden')
  })

  test('admins only: a user gets 403, an unknown client 404, a bad year 400', async () => {
    t = await testApp({ ADMIN_EMAILS: ADMIN })
    const { cookie, user } = await client()
    expect((await t.request('GET', `/api/admin/users/${user.id}/dossier?taxYear=2025`, { cookie })).status).toBe(403)
    const admin = await t.signIn(ADMIN)
    const unknown = await t.request('GET', '/api/admin/users/999999/dossier?taxYear=2025', { cookie: admin.cookie })
    expect(unknown.status).toBe(404)
    const year = await t.request('GET', `/api/admin/users/${user.id}/dossier?taxYear=20x5`, { cookie: admin.cookie })
    expect(year.status).toBe(400)
    expect(year.json.code).toBeTruthy()
    // 30 an hour per expert: each one reads the client's whole year.
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) {
      const r = await t.app.handle(
        new Request(`http://localhost/api/admin/users/${user.id}/dossier?taxYear=2025`, {
          headers: { cookie: admin.cookie },
        }),
      )
      await r.arrayBuffer()
      statuses.push(r.status)
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true)
    expect(statuses[30]).toBe(429)
  })
})

describe('amounts stay exact', () => {
  test('sums of decimal strings, to the cent and beyond', () => {
    expect(addDecimals(['0.1', '0.2'])).toBe('0.3')
    expect(addDecimals(['39351.02', '1000000.05'])).toBe('1039351.07')
    expect(addDecimals(['-5.5', '2.25'])).toBe('-3.25')
    expect(addDecimals(['90071992547409.93', '0.01'])).toBe('90071992547409.94')
    expect(addDecimals(['1.005', '1'])).toBe('2.005')
    expect(addDecimals(['x', '1.50'])).toBe('1.50')
    expect(formatChf('1039351.07')).toBe("1'039'351.07")
    expect(formatChf('5')).toBe('5.00')
    expect(formatDecimal('1039351.07', 'en-US')).toBe('1,039,351.07')
    expect(formatDecimal('-0.5', 'en-US')).toBe('-0.50')
    expect(formatDecimal('90071992547409.93', 'en-US')).toBe('90,071,992,547,409.93')
  })
})

test('the dossier names statuses from home.json, in its language and in English for Chinese', async () => {
  const { dossierTexts, pdfLanguage } = await import('./texts')
  expect((await dossierTexts('de'))('home:status.name.processing')).toBe('Übermittelt')
  expect((await dossierTexts(pdfLanguage('zh')))('home:status.name.processing')).toBe('Transmitted')
})
