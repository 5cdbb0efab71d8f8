// The person's rights in the browser (issue 13): export and delete from the profile.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { readFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { unzipSync } from 'fflate'
import {
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
import AxeBuilder from '@axe-core/playwright'

let smtp: Smtp, server: Server, browser: Browser, stop: Stack['stop'] | undefined
// A session of another device (a sign-in over the API), started before the first test so that the
// server's 60 s between two codes for one address has mostly passed when the browser signs in.
const DEVICES = 'devices@example.ch'
let otherDevice: { cookie: string; at: number }
beforeAll(async () => {
  ;({ smtp, server, browser, stop } = await startStack())
  otherDevice = { cookie: await apiSignIn(server.url, smtp, DEVICES), at: Date.now() }
})
afterAll(() => stop?.())

const pdfBytes = (text: string) =>
  new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  )
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')

test('the profile shows storage and this session, exports one ZIP with the uploaded bytes, and deletes the account ' +
  'after confirmation', async () => {
  const email = 'rights@example.ch'
  const context = await newContext(browser, { baseURL: server.url })
  const page = await context.newPage()
  await signInThroughUi(page, smtp, email)
  await page.waitForURL('**/profile?firstTime=true')
  await registerViaApi(page)
  const uploaded = pdfBytes('bytes the export must give back')
  const year = new Date().getFullYear() - 1
  const status = await page.evaluate(
    async ({ bytes, hash, year }) => {
      const form = new FormData()
      form.append('files', new Blob([new Uint8Array(bytes)]), 'salary.pdf')
      form.append('hashes[]', hash)
      form.append('categoryId', '1')
      form.append('taxYear', String(year))
      return (await fetch('/api/files/upload', { method: 'POST', body: form })).status
    },
    { bytes: [...uploaded], hash: sha256(uploaded), year },
  )
  expect(status).toBe(200)

  await page.goto('/profile')
  await page.getByRole('heading', { name: 'Your data', exact: true }).waitFor()
  await page.getByText(/MB of 2[,.’']?048 MB used/).waitFor()
  const sessionCount = (n: number) =>
    page.waitForFunction((n) => document.querySelectorAll('.session-list li').length === n, n)
  await sessionCount(1)
  await page.getByText('This device').waitFor()
  expect((await new AxeBuilder({ page }).include('.your-data').analyze()).violations).toEqual([])
  await screenshot(page, 'your-data')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download my data (ZIP)' }).first().click(),
  ])
  const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)))
  const doc = Object.keys(zip).find((n) => n.startsWith(`documents/${year}/`) && n.endsWith('/salary.pdf'))!
  expect(zip[doc]).toEqual(uploaded)
  const manifest = JSON.parse(new TextDecoder().decode(zip['manifest.json']))
  expect(manifest.entries.find((e: { path: string }) => e.path === doc).sha256).toBe(sha256(uploaded))
  expect(JSON.parse(new TextDecoder().decode(zip['data/profile.json'])).email).toBe(email)

  await page.getByRole('button', { name: 'Delete account…' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByText('every uploaded document and all its versions').waitFor()
  await dialog.getByRole('link', { name: 'Download my data (ZIP)' }).waitFor()
  await screenshot(page, 'delete-account')
  await dialog.getByLabel(/To confirm, type your e-mail address/).fill('someone.else@example.ch')
  await dialog.getByRole('button', { name: 'Delete for good' }).click()
  await dialog.getByText('This is not the e-mail address of your account.').waitFor()
  await dialog.getByLabel(/To confirm, type your e-mail address/).fill(email)
  await dialog.getByRole('button', { name: 'Delete for good' }).click()
  await page.waitForURL('**/login')
  expect(await page.evaluate(async () => (await fetch('/api/user')).status)).toBe(401)
  // Another person's sign-in still works and sees nothing of the deleted account.
  const other = await apiSignIn(server.url, smtp, 'other@example.ch')
  expect(await (await fetch(`${server.url}/api/files`, { headers: { cookie: other } })).json()).toEqual([])
  await context.close()
}, 120_000)

test('"Sign out everywhere else" on the profile ends the other device\'s session', async () => {
  const stillUp = async () =>
    (await fetch(`${server.url}/api/user`, { headers: { cookie: otherDevice.cookie } })).status
  expect(await stillUp()).toBe(200)
  // The next code for this address is sent 60 s after the last one.
  await Bun.sleep(Math.max(0, otherDevice.at + 61_000 - Date.now()))
  const context = await newContext(browser, { baseURL: server.url })
  const page = await context.newPage()
  await signInThroughUi(page, smtp, DEVICES)
  await page.waitForURL('**/profile?firstTime=true')
  await registerViaApi(page)
  await page.goto('/profile')
  await page.getByRole('heading', { name: 'Where you are signed in' }).waitFor()
  const sessions = page.locator('.session-list li')
  await page.waitForFunction(() => document.querySelectorAll('.session-list li').length === 2)
  await sessions.filter({ hasText: 'This device' }).waitFor()

  await page.getByRole('button', { name: 'Sign out everywhere else' }).click()
  await page.getByText('Signed out', { exact: true }).first().waitFor()
  await page.waitForFunction(() => document.querySelectorAll('.session-list li').length === 1)
  expect(await sessions.first().textContent()).toContain('This device')
  expect(await stillUp()).toBe(401)
  // This device stays signed in.
  expect(await page.evaluate(async () => (await fetch('/api/user')).status)).toBe(200)
  await context.close()
}, 150_000)
