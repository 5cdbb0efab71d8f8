// Recognition in the browser, against the built executable: a salary statement filed under
// Bank Documents is recognised and the app offers to move it; an "I don't know the category"
// upload ends in the right category on its own, with a warning about its year.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import AxeBuilder from '@axe-core/playwright'
import {
  adminSetStatus,
  apiSignIn,
  newContext,
  registerViaApi,
  screenshot,
  signInThroughUi,
  startStack,
  type Server,
  type Smtp,
  type Stack,
} from './harness'
import { makeDoc } from '../src/server/recognition/corpus/kinds'
import { rng } from '../src/server/recognition/corpus/people'
import { textPdf } from '../src/server/recognition/corpus/pdf'

const YEAR = new Date().getFullYear() - 1
const ADMIN = 'expert.recognition@example.ch'
let smtp: Smtp, server: Server, browser: Browser, stop: Stack['stop'] | undefined
const work = mkdtempSync(join(tmpdir(), 'swisstax-e2e-recognition-'))
beforeAll(async () => ({ smtp, server, browser, stop } = await startStack({ ADMIN_EMAILS: ADMIN })))
afterAll(async () => {
  await stop?.()
  rmSync(work, { recursive: true, force: true })
})

async function atStatus2(page: Page) {
  const adminCookie = await apiSignIn(server.url, smtp, ADMIN)
  await registerViaApi(page)
  const user = (await page.evaluate(() => fetch('/api/user').then((r) => r.json()))) as { id: number }
  await adminSetStatus(server.url, adminCookie, user.id, YEAR, 2)
}

async function uploadThroughPicker(page: Page, option: string, path: string) {
  await page.getByRole('button', { name: /Upload Files/ }).click()
  const picker = page.getByRole('dialog', { name: 'Choose a document category' })
  await picker.getByLabel('Document category').selectOption({ label: option })
  const chooser = page.waitForEvent('filechooser')
  await picker.getByRole('button', { name: 'Continue' }).click()
  await (await chooser).setFiles(path)
  await page.getByText('Upload Successful').waitFor()
}

const filesOf = (page: Page) =>
  page.evaluate((y) => fetch(`/api/files?taxYear=${y}`).then((r) => r.json()), YEAR) as Promise<
    { originalFileName: string; categoryId: number }[]
  >

test('"Move it?" after a salary statement filed under Bank Documents, and an "I don\'t know" upload that moves on ' +
  'its own', async () => {
  const salary = join(work, 'scan-0412.pdf')
  writeFileSync(salary, await textPdf(makeDoc('salary', 'de', rng(11), YEAR)))
  const pillar = join(work, 'document.pdf')
  writeFileSync(pillar, await textPdf(makeDoc('pillar3a', 'it', rng(12), YEAR - 1)))

  const context = await newContext(browser, { baseURL: server.url, width: 360, height: 800 })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await signInThroughUi(page, smtp, 'reader@example.ch')
  await page.waitForURL(/\/profile/)
  await atStatus2(page)
  await page.goto('/')
  await page.getByRole('heading', { name: 'Required Tax Documents' }).waitFor()

  await uploadThroughPicker(page, 'Bank Documents', salary)
  const suggestion = page
    .getByTestId('recognition-notice')
    .filter({ hasText: 'This looks like a Salary Statement. Move it?' })
  await suggestion.waitFor({ timeout: 60_000 })
  await screenshot(page, 'recognition-suggestion-360')
  const axe = await new AxeBuilder({ page }).include('.recognition-notices').withTags(['wcag2a', 'wcag2aa']).analyze()
  expect(axe.violations.map((v) => v.id)).toEqual([])
  await suggestion.getByRole('button', { name: 'Move' }).click()
  await page.getByText('scan-0412.pdf is now in Salary Statement.').waitFor()
  await suggestion.waitFor({ state: 'detached' })
  expect((await filesOf(page)).find((f) => f.originalFileName === 'scan-0412.pdf')?.categoryId).toBe(1)
  await page
    .locator('.checklist-item', { hasText: 'Salary Statement' })
    .getByText('Uploaded', { exact: true })
    .waitFor()

  await uploadThroughPicker(page, "I don't know the category", pillar)
  await page
    .getByText('document.pdf was recognised as Pillar 3a Certificate and moved there.')
    .waitFor({ timeout: 60_000 })
  await page.getByText(`document.pdf seems to be about ${YEAR - 1}, but you filed it under ${YEAR}.`).waitFor()
  await screenshot(page, 'recognition-auto-moved-360')
  expect((await filesOf(page)).find((f) => f.originalFileName === 'document.pdf')?.categoryId).toBe(22)
  await page.getByRole('button', { name: 'Dismiss' }).click()
  await page.getByTestId('recognition-notice').waitFor({ state: 'detached' })
  expect(errors).toEqual([])
  await context.close()
}, 180_000)
