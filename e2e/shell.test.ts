// The client shell: service worker, install button, toasts, session recheck.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { newContext, registerViaApi, signInThroughUi, startStack, type Server, type Smtp, type Stack } from './harness'

let smtp: Smtp, server: Server, browser: Browser, stop: Stack['stop'] | undefined

beforeAll(async () => ({ smtp, server, browser, stop } = await startStack()))
afterAll(() => stop?.())

test('the service worker registers from /sw.js, precaches the shell and never caches /api', async () => {
  const context = await newContext(browser, { baseURL: server.url })
  const page = await context.newPage()
  await page.goto('/login')
  const reg = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.ready
    return { scope: r.scope, script: r.active?.scriptURL }
  })
  expect(reg.scope).toBe(`${server.url}/`)
  expect(reg.script).toBe(`${server.url}/sw.js`)
  await signInThroughUi(page, smtp, 'sw.user@example.ch')
  await page.waitForURL('**/profile?firstTime=true')
  await page.reload()
  await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor()
  const cached = await page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys())
      for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname)
    return urls
  })
  expect(cached).toContain('/index.html')
  expect(cached.some((u) => u.startsWith('/assets/') && u.endsWith('.js'))).toBe(true)
  expect(cached.filter((u) => u.startsWith('/api/'))).toEqual([])
  await context.close()
}, 60_000)

test("/login loads only the base stylesheet; the signed-in screens' stylesheet arrives before the first of them " +
  'renders', async () => {
  const context = await newContext(browser, { baseURL: server.url })
  const page = await context.newPage()
  const areaRequests: string[] = []
  page.on('request', (r) => {
    if (/\/assets\/areas-[\w-]+\.css$/.test(new URL(r.url()).pathname)) areaRequests.push(r.url())
  })
  await page.goto('/login')
  await page.getByRole('button', { name: 'Send code' }).waitFor()
  expect(areaRequests).toEqual([])
  await signInThroughUi(page, smtp, 'styles.user@example.ch')
  await page.waitForURL('**/profile?firstTime=true')
  // The first signed-in screen is already styled by areas.css (profile.css: .profile-card max-width 44rem).
  const card = page.locator('.profile-card')
  await card.waitFor()
  expect(await card.evaluate((e) => getComputedStyle(e).maxWidth)).toBe('704px')
  expect(areaRequests).toHaveLength(1)
  await context.close()
}, 60_000)

// Two ways the page comes: from the server, which names the first screen's requests in it (preload links), and from
// the service worker's copy, which names none (the page's entry asks for them). Both ask for each once.
for (const [served, stripLinks] of [
  ['as the server sends it', false],
  ["as the service worker's copy, without the server's links", true],
] as const)
  test(`the dashboard ${served}: each of its texts and reads asked for once, the app takes the answers`, async () => {
    const context = await newContext(browser, { baseURL: server.url })
    const setup = await context.newPage()
    const email = `early.reads.${stripLinks ? 'copy' : 'server'}@example.ch`
    await signInThroughUi(setup, smtp, email)
    await setup.waitForURL('**/profile?firstTime=true')
    await registerViaApi(setup)
    await setup.close()
    const page = await context.newPage()
    let preloads = -1
    await page.route('/', async (route) => {
      const response = await route.fetch()
      const html = await response.text()
      const body = stripLinks ? html.replace(/<link rel="preload" as="(fetch|style)"[^>]*>\n/g, '') : html
      preloads = (body.match(/<link rel="preload" as="fetch"/g) ?? []).length
      await route.fulfill({ response, body })
    })
    const asked: string[] = []
    page.on('request', (r) => {
      const url = new URL(r.url())
      if (/^\/(api|locales)\//.test(url.pathname) || url.pathname.includes('/person-pages-'))
        asked.push(url.pathname + url.search)
    })
    await page.goto('/')
    const year = new Date().getFullYear() - 1
    await page.getByRole('heading', { name: `Tax Status for ${year}` }).waitFor()
    await page.locator('.loading-overlay').waitFor({ state: 'detached' })
    await page.waitForTimeout(1000)
    // 3 texts, the session and the 5 reads.
    expect(preloads).toBe(stripLinks ? 0 : 9)
    // An answer the app did not take (its request differs from the entry's) would show as a second request.
    const count = (path: string) => asked.filter((p) => p === path).length
    for (const path of [
      '/api/user',
      `/api/user?taxYear=${year}`,
      '/api/notifications',
      '/api/messages',
      `/api/document-categories?mode=all&taxYear=${year}`,
      `/api/tax-year-status/flags?taxYear=${year}`,
      ...['common', 'home', 'documents'].map((ns) => `/locales/en/${ns}.json`),
    ])
      expect({ path, times: count(path) }).toEqual({ path, times: 1 })
    // The experts' texts are not a taxpayer's.
    expect(count('/locales/en/admin.json')).toBe(0)
    // A person's other screens are not the dashboard's code: they come when one of them opens.
    expect(asked.filter((p) => p.includes('/person-pages-'))).toEqual([])
    await page.getByRole('button', { name: 'Complete Your Tax Profile' }).click()
    await page.getByText('Step 1 of 12').waitFor()
    expect(asked.filter((p) => p.includes('/person-pages-'))).toHaveLength(1)
    await context.close()
  }, 60_000)

test('the install button appears with the browser prompt and confirms the install', async () => {
  const context = await newContext(browser, { baseURL: server.url, width: 1280 })
  const page = await context.newPage()
  await signInThroughUi(page, smtp, 'install.user@example.ch')
  await page.waitForURL('**/profile?firstTime=true')
  expect(await page.getByRole('button', { name: 'Install app' }).count()).toBe(0)
  await page.evaluate(() => {
    const e = new Event('beforeinstallprompt') as Event & {
      prompt: () => Promise<void>
      userChoice: Promise<{ outcome: string }>
    }
    e.prompt = async () => {}
    e.userChoice = Promise.resolve({ outcome: 'accepted' })
    window.dispatchEvent(e)
  })
  await page.getByRole('button', { name: 'Install app' }).click()
  await page.getByText('App installed!').waitFor()
  expect(await page.getByRole('button', { name: 'Install app' }).count()).toBe(0)
  await context.close()
}, 60_000)

test('toasts: one at a time, F8 focuses the viewport, a swipe right dismisses', async () => {
  const context = await newContext(browser, { baseURL: server.url })
  const page = await context.newPage()
  await page.goto('/login')
  const email = page.getByLabel('E-mail address')
  await email.fill('toast.user@example.ch')
  await page.getByRole('button', { name: 'Send code' }).click()
  await page.getByText('Code sent', { exact: true }).waitFor()
  // A second request within 60 s ("Request a new code" asks for one): the server answers 429 and its toast replaces
  // the first.
  await page.getByRole('button', { name: 'Request a new code' }).click()
  await page.getByText('Failed to send verification code').first().waitFor()
  expect(await page.locator('.toast').count()).toBe(1)
  expect(await page.locator('.toast').textContent()).toContain('Too many requests')
  await page.keyboard.press('F8')
  expect(await page.evaluate(() => document.activeElement?.className)).toBe('toast-viewport')
  const box = (await page.locator('.toast').boundingBox())!
  await page.mouse.move(box.x + 20, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 5 })
  await page.mouse.up()
  await page.locator('.toast').waitFor({ state: 'detached' })
  await context.close()
}, 60_000)

test('the 60 s recheck notices a session ended elsewhere: the dialog opens, Log In goes to /login', async () => {
  const context = await newContext(browser, { baseURL: server.url, width: 1280 })
  const page = await context.newPage()
  // Playwright's clock drives the page's timers: the 30 s poll and the 60 s recheck fire when the test says so.
  await page.clock.install()
  await signInThroughUi(page, smtp, 'expired.user@example.ch')
  await page.waitForURL('**/profile?firstTime=true')
  await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor()
  // The header bell's 30 s poll would meet the 401 first and open the dialog itself (any 401 does):
  // it is answered here with an empty list, so that only the recheck can notice the lost session.
  await page.route('**/api/notifications', (route) => route.fulfill({ json: [] }))
  const rechecks: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/debug/check-auth') rechecks.push(r.url())
  })
  // The session ends on the server (logout from another tab); this page does not know yet.
  await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }))

  const polled = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/notifications')
  await page.clock.fastForward(30_000)
  await polled
  // At 30 s the poll has run and been answered; the recheck has not, so nothing knows yet.
  expect(rechecks).toEqual([])
  expect(await page.getByRole('dialog', { name: 'Session Expired' }).count()).toBe(0)

  const rechecked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/debug/check-auth')
  await page.clock.fastForward(31_000)
  expect((await rechecked).status()).toBe(401)
  const dialog = page.getByRole('dialog', { name: 'Session Expired' })
  await dialog.waitFor()
  expect(await dialog.textContent()).toContain('Your session has expired or you need to log in to continue')
  await dialog.getByRole('button', { name: 'Log In' }).click()
  await page.waitForURL('**/login')
  await page.getByRole('button', { name: 'Send code' }).waitFor()
  await context.close()
}, 60_000)
