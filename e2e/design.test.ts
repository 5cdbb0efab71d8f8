// The look (issue 12): contrast of the toast variants, the header at 360 px, titles per route,
// category names in German, cantons sorted and filtered without broken words, the wizard never
// scrolling sideways, the next-step line for good news, axe at 360 and 1280 px.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import {
  adminSetStatus,
  contrastOf,
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
import enDocuments from '../locales/en/documents.json'

let smtp: Smtp, server: Server, browser: Browser, stop: Stack['stop'] | undefined
const ADMIN = 'design.expert@example.ch'
beforeAll(async () => ({ smtp, server, browser, stop } = await startStack({ ADMIN_EMAILS: ADMIN })))
afterAll(() => stop?.())

const year = new Date().getFullYear() - 1

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

async function signedIn(width: number, email: string, language = 'en') {
  const context = await newContext(browser, { baseURL: server.url, width, height: 900 })
  const page = await context.newPage()
  await signInThroughUi(page, smtp, email)
  await page.waitForURL('**/profile?firstTime=true')
  await registerViaApi(page)
  if (language !== 'en') await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language)
  return { context, page }
}

test('toasts: the destructive and the success variant reach 4.5:1 for title and description', async () => {
  const context = await newContext(browser, { baseURL: server.url })
  const page = await context.newPage()
  await page.goto('/login')
  await page.getByLabel('E-mail address').fill('toast.contrast@example.ch')
  await page.getByRole('button', { name: 'Send code' }).click()
  await page.locator('.toast-success').waitFor()
  for (const part of ['.toast-success .toast-title', '.toast-success .toast-description'])
    expect(await contrastOf(page, part)).toBeGreaterThanOrEqual(4.5)
  await page.getByLabel('Verification code').fill('000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await page.locator('.toast-destructive').waitFor()
  for (const part of ['.toast-destructive .toast-title', '.toast-destructive .toast-description'])
    expect(await contrastOf(page, part)).toBeGreaterThanOrEqual(4.5)
  await screenshot(page, 'toast-destructive-360')
  await context.close()
})

test('header: readable brand name, no overflow at 360 px with the install prompt; a title per route', async () => {
  const { context, page } = await signedIn(360, 'header.design@example.ch')
  expect(await page.title()).toBe('Registration · SwissTax')
  await page.goto('/')
  await page.locator('.status-card').waitFor()
  expect(await page.title()).toBe('Dashboard · SwissTax')
  await page.evaluate(() => {
    const e = new Event('beforeinstallprompt') as Event & {
      prompt: () => Promise<void>
      userChoice: Promise<{ outcome: string }>
    }
    e.prompt = async () => {}
    e.userChoice = Promise.resolve({ outcome: 'dismissed' })
    window.dispatchEvent(e)
  })
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('button', { name: 'Install app' }).waitFor()
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .map((el) => `${el.tagName}.${el.className}`),
  )
  expect(wide).toEqual([])
  expect(await noSidewaysScroll(page)).toBe(true)
  const header = await page.locator('.app-header').boundingBox()
  expect(header!.width).toBeLessThanOrEqual(360)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.locator('.app-name').waitFor()
  expect(await contrastOf(page, '.app-name')).toBeGreaterThanOrEqual(4.5)
  await page.goto('/file-history')
  await page.waitForFunction(() => document.title === 'File History · SwissTax')
  await context.close()
})

test('German dashboard: no English category name in the checklist; the next-step line is green for good ' +
  'news', async () => {
  const email = 'kategorie.de@example.ch'
  const { context, page } = await signedIn(1280, email, 'de')
  const user = await (await page.request.get('/api/user')).json()
  const admin = await apiSignIn(server.url, smtp, ADMIN)
  await adminSetStatus(server.url, admin, user.id, year, 2)
  await page.goto('/')
  await page.locator('.checklist-name').first().waitFor()
  const names = await page.locator('.checklist-name').allTextContents()
  expect(names).toContain('Lohnausweis')
  const english = new Set(Object.values(enDocuments.category))
  expect(names.filter((n) => english.has(n))).toEqual([])
  expect(await page.title()).toBe('Übersicht · SwissTax')
  // Status 6: the line says there is nothing left to do, in the success colour, not the brand red.
  await adminSetStatus(server.url, admin, user.id, year, 6)
  await page.reload()
  await page.getByText('Für dieses Steuerjahr ist nichts mehr zu tun.').waitFor()
  expect(await page.locator('.next-step').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(6, 95, 70)')
  await screenshot(page, 'home-de-1280-completed')
  await context.close()
}, 90_000)

for (const width of [768, 1280]) {
  test(`wizard at ${width} px: no step scrolls sideways; cantons sorted by name with a filter, no word ` +
    `broken`, async () => {
    const { context, page } = await signedIn(width, `wizard.${width}@example.ch`)
    await page.goto('/profile?setup=tax')
    const next = page.getByRole('button', { name: 'Next' })
    await page.getByText('Step 1 of 12').waitFor()
    // The wizard opens with the focus on its heading.
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1', undefined, { timeout: 5000 })
    expect(await noSidewaysScroll(page)).toBe(true)
    await page.getByLabel('Mrs').check()
    await page.getByLabel('Religion').selectOption('Evangelical Reformed')
    await page.getByLabel('Occupation').fill('Nurse')
    await page.getByLabel('Date of birth').fill('1990-06-30')
    await next.click()
    await page.getByText('Step 2 of 12').waitFor()
    await page.locator('.canton-card').first().waitFor()
    const shown = await page.locator('.canton-name').allTextContents()
    expect(shown).toEqual([...shown].sort(new Intl.Collator('en').compare))
    // No name wraps inside a word: each word of a card's name fits the card's width.
    const broken = await page
      .locator('.canton-name')
      .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent))
    expect(broken).toEqual([])
    await page.getByLabel('Filter cantons').fill('basel')
    expect(await page.locator('.canton-name').allTextContents()).toEqual(['Basel-Landschaft', 'Basel-Stadt'])
    await page.getByLabel('Filter cantons').fill('')
    expect(await noSidewaysScroll(page)).toBe(true)
    await page.getByRole('button', { name: /Bern\s*BE/ }).click()
    await next.click()
    await page.getByText('Step 3 of 12').waitFor()
    expect(await noSidewaysScroll(page)).toBe(true)
    await next.click()
    await page.getByText('Step 4 of 12').waitFor()
    const input = await page.getByLabel('Search for your address').boundingBox()
    expect(input!.width).toBeGreaterThan(200)
    expect(await noSidewaysScroll(page)).toBe(true)
    await page.getByLabel('Search for your address').fill('Bundesgasse 3, 3011 Bern')
    await page.getByRole('button', { name: /Bundesgasse 3\s*3011 Bern/ }).click()
    expect(await noSidewaysScroll(page)).toBe(true)
    await screenshot(page, `wizard-4-${width}`)
    await context.close()
  }, 90_000)
}

for (const width of [360, 1280]) {
  test(`axe: no violation at all on the dashboard, cantons and login at ${width} px`, async () => {
    const { default: AxeBuilder } = await import('@axe-core/playwright')
    const { context, page } = await signedIn(width, `axe.design.${width}@example.ch`)
    for (const [path, ready] of [
      ['/', '.status-card'],
      ['/cantons', '.canton-card'],
      ['/file-history', 'h1'],
    ] as const) {
      await page.goto(path)
      await page.locator(ready).first().waitFor()
      await page.locator('.loading-overlay').waitFor({ state: 'detached' })
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
      expect({
        path,
        violations: result.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target) })),
      }).toEqual({ path, violations: [] })
      await screenshot(page, `design${path.replace(/\//g, '-') || '-home'}-${width}`)
    }
    await context.close()
  }, 120_000)
}

test('the living design page is not part of the production build', async () => {
  const { context, page } = await signedIn(1280, 'design.page@example.ch')
  await page.goto('/design')
  await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor()
  expect(await page.locator('.design-swatches').count()).toBe(0)
  await context.close()
})
