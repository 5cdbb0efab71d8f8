// What one upload costs the dashboard in requests (issue 9: at most two refetches, the
// year's files/checklist and the status it may have moved). Requests are counted in the
// browser from the upload's POST until the network is idle again. The recognition notice's
// own polling of the new file (GET /api/files/:id/recognition) reads a new result, not data
// the page had: it is listed apart and not counted.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import {
  adminSetStatus,
  apiSignIn,
  newContext,
  registerViaApi,
  signInThroughUi,
  startStack,
  type Server,
  type Smtp,
  type Stack,
} from './harness'

let smtp: Smtp, server: Server, browser: Browser, stop: Stack['stop'] | undefined
const work = mkdtempSync(join(tmpdir(), 'swisstax-e2e-refetch-'))
const ADMIN = 'expert.refetch@example.ch'
const YEAR = new Date().getFullYear() - 1

beforeAll(async () => ({ smtp, server, browser, stop } = await startStack({ ADMIN_EMAILS: ADMIN })))
afterAll(async () => {
  await stop?.()
  rmSync(work, { recursive: true, force: true })
})

/**
 * The dashboard polls every 30 s. Playwright's clock moves the page's time on in 1 s steps
 * until a poll goes out: the next one is then about 30 s away, far beyond the counted window.
 */
async function justAfterAPoll(page: Page) {
  for (let i = 0; i < 40; i++) {
    const poll = page
      .waitForRequest((r) => new URL(r.url()).pathname === '/api/notifications', { timeout: 250 })
      .catch(() => null)
    await page.clock.fastForward(1000)
    if (await poll) break
  }
  await page.waitForLoadState('networkidle')
}

/** Uploads a PDF into a category through the dashboard and answers the GET /api calls that followed the upload. */
async function uploadAndCount(page: Page, category: string, name: string): Promise<string[]> {
  const path = join(work, name)
  writeFileSync(
    path,
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${name} ${Date.now()}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  )
  await justAfterAPoll(page)
  const after: string[] = []
  let uploaded = false
  const onRequest = (r: { url(): string; method(): string }) => {
    const url = new URL(r.url())
    if (url.pathname === '/api/files/upload' && r.method() === 'POST') uploaded = true
    else if (
      uploaded &&
      url.pathname.startsWith('/api/') &&
      r.method() === 'GET' &&
      !/^\/api\/files\/[^/]+\/recognition$/.test(url.pathname)
    )
      after.push(url.pathname + url.search)
  }
  page.on('request', onRequest)
  await page.getByRole('button', { name: /Upload Files/ }).click()
  const picker = page.getByRole('dialog', { name: 'Choose a document category' })
  await picker.getByLabel('Document category').selectOption({ label: category })
  const chooser = page.waitForEvent('filechooser')
  await picker.getByRole('button', { name: 'Continue' }).click()
  await (await chooser).setFiles(path)
  await page.getByText('Upload Successful').waitFor()
  await page.locator('.checklist-item', { hasText: category }).getByText('Uploaded', { exact: true }).waitFor()
  await page.waitForLoadState('networkidle')
  page.off('request', onRequest)
  return after
}

test("one upload refetches at most twice: the year's files and the status it may have moved", async () => {
  const context = await newContext(browser, { baseURL: server.url, width: 1280 })
  const page = await context.newPage()
  await page.clock.install()
  await signInThroughUi(page, smtp, 'refetch.user@example.ch')
  await page.waitForURL(/\/profile/)
  await registerViaApi(page)
  const user = (await page.evaluate(() => fetch('/api/user').then((r) => r.json()))) as { id: number }
  await adminSetStatus(server.url, await apiSignIn(server.url, smtp, ADMIN), user.id, YEAR, 2)
  await page.goto('/')
  await page.getByRole('heading', { name: 'Required Tax Documents' }).waitFor()
  await page.getByText(`0 files for ${YEAR}`).waitFor()

  // An upload that leaves the status at 2.
  const first = await uploadAndCount(page, 'Salary Statement', 'Lohnausweis.pdf')
  console.log(`refetches after an upload: ${first.length} ${JSON.stringify(first)}`)
  expect(first.length).toBeLessThanOrEqual(2)
  await page.getByText(`1 file for ${YEAR}`).waitFor()

  // Four more required categories marked not relevant elsewhere; the sixth upload moves the year 2→3.
  const marked = await page.evaluate(async (taxYear) => {
    const answers = []
    for (const id of [2, 3, 4, 5]) {
      const r = await fetch(`/api/user-preferences/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ taxYear, isRelevant: false }),
      })
      answers.push(r.status)
    }
    return answers
  }, YEAR)
  expect(marked).toEqual([200, 200, 200, 200])
  const second = await uploadAndCount(page, 'Transport', 'GA.pdf')
  console.log(`refetches after an upload that moved the status: ${second.length} ${JSON.stringify(second)}`)
  expect(second.length).toBeLessThanOrEqual(2)
  await page.locator('.status-name [data-status="documents_submitted"]').waitFor()
  await context.close()
}, 120_000)
