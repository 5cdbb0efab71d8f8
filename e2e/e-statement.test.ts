// An e-Steuerauszug in the browser, against the built executable (its ZXing WebAssembly embedded):
// a person uploads a bank's statement without choosing a category, it is filed under Securities Account
// Statements from its barcodes, and its figures show on the file, to the cent.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { PDFDocument } from 'pdf-lib'
import { openPdf } from '../src/server/recognition/worker/pdf'
import {
  adminSetStatus,
  apiSignIn,
  axe,
  newContext,
  registerViaApi,
  screenshot,
  signInThroughUi,
  startStack,
  type Server,
  type Smtp,
  type Stack,
} from './harness'
import { IBKR_2025, statementPdf } from '../src/server/recognition/worker/e-statement/make-statement'

const YEAR = new Date().getFullYear() - 1
const ADMIN = 'expert.statement@example.ch'
let smtp: Smtp, server: Server, browser: Browser, stop: Stack['stop'] | undefined
const work = mkdtempSync(join(tmpdir(), 'swisstax-e2e-statement-'))
beforeAll(async () => ({ smtp, server, browser, stop } = await startStack({ ADMIN_EMAILS: ADMIN })))
afterAll(async () => {
  await stop?.()
  rmSync(work, { recursive: true, force: true })
})

async function atStatus2(page: Page) {
  adminCookie = await apiSignIn(server.url, smtp, ADMIN)
  await registerViaApi(page)
  const user = (await page.evaluate(() => fetch('/api/user').then((r) => r.json()))) as { id: number }
  await adminSetStatus(server.url, adminCookie, user.id, YEAR, 2)
  investorId = user.id
}
let investorId = 0
/** The expert's session, opened once: a second code for the same address within a minute is refused. */
let adminCookie = ''

test('a person uploads an e-Steuerauszug and sees its figures on the file', async () => {
  const path = join(work, 'ibkr-steuerauszug.pdf')
  // Two barcode sheets (segments painted in reverse), page codes on every page.
  writeFileSync(
    path,
    await statementPdf({ ...IBKR_2025, taxPeriod: YEAR }, { segmentBytes: 150, perPage: 3, reverse: true }),
  )

  const context = await newContext(browser, { baseURL: server.url, width: 1024, height: 800 })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await signInThroughUi(page, smtp, 'investor@example.ch')
  await page.waitForURL(/\/profile/)
  await atStatus2(page)
  await page.goto('/')
  await page.getByRole('heading', { name: 'Required Tax Documents' }).waitFor()

  await page.getByRole('button', { name: /Upload Files/ }).click()
  const picker = page.getByRole('dialog', { name: 'Choose a document category' })
  await picker.getByLabel('Document category').selectOption({ label: "I don't know the category" })
  const chooser = page.waitForEvent('filechooser')
  await picker.getByRole('button', { name: 'Continue' }).click()
  await (await chooser).setFiles(path)
  await page
    .getByText('ibkr-steuerauszug.pdf was recognised as Securities Account Statements and moved there.')
    .waitFor({ timeout: 60_000 })

  await page.getByRole('button', { name: /Your Files/ }).click()
  const figures = page.getByTestId('file-statement')
  await figures.waitFor()
  // en-CH groups with an apostrophe (the browser's ICU decides which one).
  expect(await figures.textContent()).toMatch(
    new RegExp(
      `^E-tax statement Interactive Brokers, ${YEAR}: tax value CHF 39['’]351\\.02, gross revenue CHF 137\\.45, ` +
        'withholding tax to reclaim CHF 0\\.00$',
    ),
  )
  await screenshot(page, 'e-statement-file-1024')
  expect(errors).toEqual([])
  await context.close()
}, 180_000)

test("the expert sees the year's statements summed, downloads the XML and the dossier of the year", async () => {
  expect(investorId).toBeGreaterThan(0)
  const [name, value] = adminCookie.split('=') as [string, string]
  const context = await newContext(browser, { baseURL: server.url, width: 1280, height: 900 })
  await context.addCookies([{ name, value, url: server.url }])
  const page = await context.newPage()
  await page.goto(`/admin/clients/${investorId}?taxYear=${YEAR}`)
  const card = page.locator('section.statements-card')
  await card.getByRole('heading', { name: 'e-tax statements (securities and accounts)' }).waitFor()
  const row = card.locator('tbody tr')
  expect(await row.count()).toBe(1)
  expect(await row.locator('th').textContent()).toBe('Interactive Brokers')
  const totals = card.locator('tfoot tr')
  expect((await totals.textContent())?.replace(/['’]/g, "'")).toContain("39'351.02")
  expect(await totals.textContent()).toContain('137.45')
  await screenshot(page, 'admin-statements-1280')
  expect(await axe(page)).toEqual([])

  // The statement's XML, as the tax software imports it.
  const [xmlDownload] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('link', { name: 'Download the eCH-0196 XML of Interactive Brokers' }).click(),
  ])
  expect(readFileSync((await xmlDownload.path())!, 'utf8')).toContain('<taxStatement')

  // The dossier: a cover naming the statement and its sums, then the statement's own pages.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Dossier (PDF)' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(new RegExp(`^dossier-${YEAR}-.*\\.pdf$`))
  const bytes = new Uint8Array(readFileSync((await download.path())!))
  const statementPages = (
    await PDFDocument.load(
      await statementPdf({ ...IBKR_2025, taxPeriod: YEAR }, { segmentBytes: 150, perPage: 3, reverse: true }),
    )
  ).getPageCount()
  const dossier = await PDFDocument.load(bytes)
  const cover = dossier.getPageCount() - statementPages
  expect(cover).toBeGreaterThanOrEqual(1)
  expect(cover).toBeLessThanOrEqual(3)
  const doc = await openPdf(bytes.slice())
  const text = await doc.text(1_000_000)
  await doc.close()
  expect(text).toContain(`Dossier ${YEAR}`)
  expect(text).toContain('Interactive Brokers')
  expect(text).toContain("39'351.02")
  await context.close()
}, 120_000)
