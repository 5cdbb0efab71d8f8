// Development mode (npm run dev): the debug panel on Ctrl+Shift+D with the dev
// mailbox and login-as. The production executable has neither (binary.test.ts).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { freePort, launchBrowser, newContext } from './harness'

const clientDir = mkdtempSync(join(tmpdir(), 'swisstax-devclient-'))
const dataDir = mkdtempSync(join(tmpdir(), 'swisstax-devdata-'))
let proc: ReturnType<typeof Bun.spawn>
let url: string
let browser: Browser

beforeAll(async () => {
  const build = Bun.spawnSync([process.execPath, 'build.ts', '--client', '--dev', '--out', clientDir])
  if (build.exitCode !== 0) throw new Error(build.stderr.toString())
  const port = await freePort()
  url = `http://127.0.0.1:${port}`
  proc = Bun.spawn([process.execPath, 'src/server/main.ts', 'serve', '--dev'], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      CLIENT_DIR: clientDir,
      ADMIN_EMAILS: 'dev.admin@example.ch',
    },
    stdout: 'ignore',
    stderr: 'ignore',
  })
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/debug/mailbox`)).ok) break
    } catch {
      /* starting */
    }
    await Bun.sleep(25)
  }
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  proc?.kill()
  await proc?.exited
  rmSync(clientDir, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
})

test('Ctrl+Shift+D opens the debug panel with the dev mailbox; login-as signs in without a code', async () => {
  const context = await newContext(browser, { baseURL: url, width: 1280 })
  const page = await context.newPage()
  await page.goto('/login')
  await page.getByLabel('E-mail address').fill('dev.user@example.ch')
  await page.getByRole('button', { name: 'Send code' }).click()
  await page.getByLabel('Verification code').waitFor()
  await page.keyboard.press('Control+Shift+D')
  const panel = page.getByRole('complementary', { name: 'Debug panel' })
  await panel.waitFor()
  await panel.getByText('dev.user@example.ch').waitFor()
  const code = (await panel.locator('code').first().textContent())!
  expect(code).toMatch(/^\d{6}$/)
  // The mailbox code signs in: user 1 now exists.
  await page.getByLabel('Verification code').fill(code)
  await page.getByRole('button', { name: 'Verify' }).click()
  await page.waitForURL('**/profile?firstTime=true')
  await page.getByRole('button', { name: 'Logout' }).click()
  await page.waitForURL('**/login')
  expect(await page.evaluate(() => fetch('/api/user').then((r) => r.status))).toBe(401)
  await page.keyboard.press('Control+Shift+D')
  await panel.getByRole('button', { name: 'Log in as user 1' }).click()
  await page.waitForURL('**/profile?firstTime=true')
  expect((await page.evaluate(() => fetch('/api/user').then((r) => r.json()))).email).toBe('dev.user@example.ch')
  // The living design page: every shared component, from the real CSS (development builds only).
  await page.evaluate(() =>
    fetch('/api/user/profile', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Dev', lastName: 'User', phone: '791234567', countryCode: '+41' }),
    }),
  )
  await page.evaluate(() =>
    fetch('/api/gtc/accept', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accepted: true }),
    }),
  )
  await page.goto('/design')
  await page.getByRole('heading', { name: 'Design system', level: 1 }).waitFor()
  expect(await page.locator('.design-swatches li').count()).toBe(10)
  expect(await page.locator('.design-toasts .toast').count()).toBe(3)
  await context.close()
}, 60_000)

test("in development mode the experts' System tab has the development tools, folded away", async () => {
  const context = await newContext(browser, { baseURL: url, width: 1280 })
  const page = await context.newPage()
  await page.goto('/login')
  await page.getByLabel('E-mail address').fill('dev.admin@example.ch')
  await page.getByRole('button', { name: 'Send code' }).click()
  await page.getByLabel('Verification code').waitFor()
  await page.keyboard.press('Control+Shift+D')
  const panel = page.getByRole('complementary', { name: 'Debug panel' })
  const mail = panel.getByRole('listitem').filter({ hasText: 'dev.admin@example.ch' }).first()
  await mail.waitFor()
  await page.getByLabel('Verification code').fill((await mail.locator('code').textContent())!)
  await page.getByRole('button', { name: 'Verify' }).click()
  await page.waitForURL('**/admin')
  await page.getByRole('link', { name: 'System' }).click()
  await page.getByText('Development', { exact: true }).waitFor()
  // Folded: the debug panel is there only once the expert opens "Development tools" (issue 25).
  const tools = page.locator('details.dev-tools')
  expect(await tools.getAttribute('open')).toBeNull()
  await tools.getByText('Development tools').click()
  await page.getByRole('heading', { name: 'Debug panel' }).waitFor()
  await tools.getByRole('link', { name: 'Tax Card Demo' }).waitFor()
  expect(await tools.textContent()).toMatch(/\d{4}_[a-z]/)
  await context.close()
}, 60_000)
