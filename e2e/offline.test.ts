// Offline (issue 12) against the built executable: a signed-in person who opens the app without a
// connection sees the last data they saw, read-only, with an offline banner and a retry, not the
// sign-in form; uploads are refused with a clear message; Retry says when there is still no connection;
// back online the page comes back to life by itself; sign-out deletes the kept copy, so offline the app
// then shows the sign-in form.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { axe, newContext, registerViaApi, screenshot, signInThroughUi, startStack, type Stack } from './harness'

let stack: Stack
const YEAR = new Date().getFullYear() - 1
const CACHE_KEY = 'swisstax:offline-cache'

beforeAll(async () => {
  stack = await startStack()
})
afterAll(() => stack?.stop())

const dashboard = (page: Page, heading = `Tax Status for ${YEAR}`) =>
  page.getByRole('heading', { name: heading }).waitFor()

test('offline: the last data, read-only, a banner and a retry; uploads refused; sign-out forgets it', async () => {
  const context = await newContext(stack.browser, { baseURL: stack.server.url, width: 360 })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await signInThroughUi(page, stack.smtp, 'mia.huber@example.ch')
  await page.waitForURL('**/profile?firstTime=true')
  await registerViaApi(page, { firstName: 'Mia', lastName: 'Huber' })
  await page.goto('/')
  await dashboard(page)
  // The service worker takes the page; the next visit then loads the app and its texts through it.
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 30_000 })
  if (process.env.SCREENSHOTS) {
    // Visited once in German too, so that the German texts are in the worker's cache for the screenshots.
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'de'))
    await page.reload()
    await dashboard(page, `Steuerstatus ${YEAR}`)
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'))
  }
  await page.reload()
  await dashboard(page)
  await page.waitForFunction((key) => (localStorage.getItem(key) ?? '').includes('mia.huber@example.ch'), CACHE_KEY)
  // The texts of the screens not visited since the worker took over are fetched into its cache in the background.
  const cached = () => page.evaluate(async () => Boolean(await caches.match('/locales/en/profile.json')))
  for (const until = Date.now() + 30_000; !(await cached()) && Date.now() < until; ) await page.waitForTimeout(250)
  expect(await cached()).toBe(true)

  await context.setOffline(true)
  await page.reload()
  await dashboard(page)
  expect(new URL(page.url()).pathname).toBe('/')
  await page.getByText('You are offline', { exact: true }).waitFor()
  expect(await page.getByLabel('E-mail address').count()).toBe(0)
  // Read-only: the upload buttons are off, and the upload area says why.
  expect(await page.getByRole('button', { name: 'Upload files' }).isDisabled()).toBe(true)
  expect(await page.getByRole('button', { name: 'Send Message' }).isDisabled()).toBe(true)
  await page.getByText('You are offline: documents can only be uploaded with a connection.').waitFor()
  // The profile the person saw is there too, read-only.
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('link', { name: 'Profile' }).click()
  await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor()
  expect(await page.getByLabel('First name *').inputValue()).toBe('Mia')
  expect(await page.getByLabel('First name *').isDisabled()).toBe(true)
  await page.goBack()
  await dashboard(page)
  await page.getByRole('button', { name: 'Retry' }).click()
  await page.getByText('Still no connection.', { exact: false }).waitFor()
  expect(await axe(page)).toEqual([])
  await screenshot(page, 'offline-home-en-360')
  await page.setViewportSize({ width: 1280, height: 900 })
  await screenshot(page, 'offline-home-en-1280')
  if (process.env.SCREENSHOTS) {
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'de'))
    await page.reload()
    await dashboard(page, `Steuerstatus ${YEAR}`)
    await page.getByText('Sie sind offline', { exact: true }).waitFor()
    await screenshot(page, 'offline-home-de-1280')
    await page.setViewportSize({ width: 360, height: 780 })
    await screenshot(page, 'offline-home-de-360')
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'))
    await page.reload()
    await dashboard(page)
  }

  // Back online (the browser says so): the banner goes by itself and the page can be used again.
  await context.setOffline(false)
  await page.getByText('You are offline', { exact: true }).waitFor({ state: 'detached' })
  expect(await page.getByRole('button', { name: 'Upload files' }).isEnabled()).toBe(true)

  // Signing out deletes the copy: offline, the app now shows the sign-in form.
  const menu = page.getByRole('button', { name: 'Menu' })
  if (await menu.isVisible()) await menu.click()
  await page.getByRole('button', { name: 'Logout' }).click()
  await page.waitForURL('**/login')
  expect(await page.evaluate((key) => localStorage.getItem(key), CACHE_KEY)).toBeNull()
  await context.setOffline(true)
  await page.goto('/')
  await page.waitForURL('**/login')
  await page.getByLabel('E-mail address').waitFor()
  expect(errors).toEqual([])
  await context.close()
}, 120_000)

// Issue 25 finding 7: the browser believes it is online but the server cannot be reached (it is down, the network
// lets nothing through). That is no verdict on the session: the last data, the banner and Retry, never the sign-in
// form; the server answering again ends it.
test('server unreachable while the browser is online: offline with the last data, not the sign-in form', async () => {
  // No service worker: every request of the page goes through the routes below (a worker's would not).
  const context = await stack.browser.newContext({
    baseURL: stack.server.url,
    viewport: { width: 360, height: 780 },
    locale: 'en-GB',
    serviceWorkers: 'block',
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await signInThroughUi(page, stack.smtp, 'lea.meier@example.ch')
  await page.waitForURL('**/profile?firstTime=true')
  await registerViaApi(page, { firstName: 'Lea', lastName: 'Meier' })
  await page.goto('/')
  await dashboard(page)
  await page.waitForFunction((key) => (localStorage.getItem(key) ?? '').includes('lea.meier@example.ch'), CACHE_KEY)

  let down = true
  await context.route('**/api/**', (route) => (down ? route.abort('connectionrefused') : route.fallback()))
  // While the page is open: the next screen's reads get no answer.
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('link', { name: 'Profile' }).click()
  await page.getByText('You are offline', { exact: true }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/profile')
  await page.goto('/')
  // Reloaded: the session cannot be asked, and the kept copy is shown instead of the sign-in form.
  await dashboard(page)
  await page.getByText('You are offline', { exact: true }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/')
  expect(await page.getByLabel('E-mail address').count()).toBe(0)
  expect(await page.getByRole('button', { name: 'Upload files' }).isDisabled()).toBe(true)
  await page.getByRole('button', { name: 'Retry' }).click()
  await page.getByText('Still no connection.', { exact: false }).waitFor()
  await screenshot(page, 'unreachable-home-en-360')

  // The server answers again: Retry brings the page back to life, still signed in.
  down = false
  await page.getByRole('button', { name: 'Retry' }).click()
  await page.getByText('You are offline', { exact: true }).waitFor({ state: 'detached' })
  expect(await page.getByRole('button', { name: 'Upload files' }).isEnabled()).toBe(true)
  expect(new URL(page.url()).pathname).toBe('/')
  expect(errors).toEqual([])
  await context.close()
}, 120_000)
