import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { contrastOf, newContext, screenshot, startStack, type Server, type Smtp, type Stack } from './harness'

/**
 * Stops the page's installed clock a moment ahead of its current time (the intro's 6 s can then only
 * end by a skip). On a busy machine that moment may already be past when pauseAt arrives: try again.
 */
async function stopClock(page: Page) {
  for (let i = 0; ; i++) {
    try {
      return await page.clock.pauseAt(await page.evaluate(() => Date.now() + 250))
    } catch (err) {
      if (i === 9 || !String(err).includes('to the past')) throw err
    }
  }
}

let smtp: Smtp, server: Server, browser: Browser, stop: Stack['stop'] | undefined

beforeAll(
  async () => ({ smtp, server, browser, stop } = await startStack({ MAIL_FROM: 'SwissTax <codes@swisstax.test>' })),
)
afterAll(() => stop?.())

test('intro on the first visit only, ended by a key; sounds off until turned on; focus in the code field; logout ' +
  'without intro', async () => {
  const context = await newContext(browser, { baseURL: server.url, reducedMotion: false })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))

  const audio: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/audio/')) audio.push(new URL(r.url()).pathname)
  })
  // The page's clock is stopped once the intro shows: it cannot end by itself, so only a key can end it.
  await page.clock.install()
  await page.goto('/')
  await page.waitForURL('**/login')
  // The intro: the name and slogan fade in above the form. Then the page's clock stops.
  await page.getByText('Smart tax savings').waitFor()
  await stopClock(page)
  await page.locator('.login-screen.intro-text').waitFor()
  await screenshot(page, 'login-intro')
  // Any key ends it.
  await page.keyboard.press('Shift')
  await page.locator('.login-screen.intro-done').waitFor()
  await page.clock.resume()
  expect(await page.locator('.features li').count()).toBe(7)
  // Sounds are off until turned on: focusing the e-mail field fetches no sound.
  await page.getByLabel('E-mail address').focus()
  await page.locator('h1.shake').waitFor({ timeout: 1000 })
  const soundToggle = page.getByRole('button', { name: 'Sounds: off' })
  expect(await soundToggle.getAttribute('aria-pressed')).toBe('false')
  await soundToggle.click()
  await page.getByRole('button', { name: 'Sounds: on' }).waitFor()
  await page.getByLabel('E-mail address').focus()
  for (let i = 0; i < 80 && !audio.includes('/api/audio/focus.wav'); i++) await page.waitForTimeout(25)
  expect(audio).toEqual(['/api/audio/focus.wav'])
  await screenshot(page, 'login-card')
  // The next visit of this browser: no intro, the sound choice remembered.
  await page.reload()
  await page.getByLabel('E-mail address').waitFor()
  expect(await page.locator('.login-screen.intro-done').count()).toBe(1)
  expect(await page.getByRole('button', { name: 'Sounds: on' }).getAttribute('aria-pressed')).toBe('true')
  await page.getByRole('button', { name: 'Sounds: on' }).click()

  const email = 'anna.muster@example.ch'
  const send = page.getByRole('button', { name: 'Send code' })
  expect(await send.isDisabled()).toBe(true)
  await page.getByLabel('E-mail address').fill(email)
  await send.click()
  await page.getByText('Code sent', { exact: true }).waitFor()
  // The focus is in the code field: the code typed next goes there.
  await page.waitForFunction(() => document.activeElement?.id === 'login-code')
  const code = await smtp.codeFor(email)
  const mail = smtp.mails.findLast((m) => m.to === email)!
  expect(mail.raw).toContain('Content-Type: text/plain')
  expect(mail.raw).toContain('codes@swisstax.test')

  const verify = page.getByRole('button', { name: 'Verify' })
  await page.getByLabel('Verification code').fill('12a')
  expect(await page.getByLabel('Verification code').inputValue()).toBe('12')
  expect(await verify.isDisabled()).toBe(true)
  await page.getByLabel('Verification code').fill(code)
  await verify.click()
  await page.waitForURL('**/profile?firstTime=true')
  await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor()

  // German and back: the texts change, the choice is kept in i18nextLng.
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.getByLabel('Language').selectOption('de')
  await page.getByRole('heading', { name: 'Profil', level: 1 }).waitFor()
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('de')
  await screenshot(page, 'profile-de')
  await page.getByLabel('Sprache').selectOption('en')
  await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor()

  await page.getByRole('button', { name: 'Logout' }).click()
  await page.waitForURL('**/login')
  // Never an intro after a logout.
  await page.getByLabel('E-mail address').waitFor()
  expect(await page.locator('.login-screen.intro-done').count()).toBe(1)
  await page.goto('/')
  await page.waitForURL('**/login')
  expect(errors).toEqual([])
  await context.close()
}, 60_000)

test('a click or tap ends the intro too; reduced motion never plays it', async () => {
  const context = await newContext(browser, { baseURL: server.url, reducedMotion: false })
  const page = await context.newPage()
  await page.clock.install()
  await page.goto('/login')
  await page.getByText('Smart tax savings').waitFor()
  await stopClock(page)
  // The slogan is readable on the night sky; the logo is there from the first frame, above the name.
  expect(await contrastOf(page, '.slogan')).toBeGreaterThanOrEqual(4.5)
  const logo = page.locator('.login-brand .logo')
  expect(await logo.isVisible()).toBe(true)
  const top = await logo.evaluate((el) => (el as HTMLElement).offsetTop)
  // Then it grows with the flash where it stands (a transform: nothing moves).
  await page.clock.runFor(2000)
  await page.locator('.login-brand .logo.enlarged').waitFor()
  expect(await logo.evaluate((el) => (el as HTMLElement).offsetTop)).toBe(top)
  await page.mouse.click(10, 300)
  await page.locator('.login-screen.intro-done').waitFor()
  await context.close()
  const reduced = await newContext(browser, { baseURL: server.url })
  const calm = await reduced.newPage()
  await calm.goto('/login')
  await calm.getByLabel('E-mail address').waitFor()
  expect(await calm.locator('.login-screen.intro-done').count()).toBe(1)
  await reduced.close()
})

// Issue 25, finding 9: a first visit waited 7.5–9.4 s for the e-mail field (a "Please wait", then the 6 s intro in
// front of the form), and on a phone the language picker was below the fold, among five languages to be had later.
test('a first visit: the e-mail field is usable while the intro plays, never behind a "Please wait"; on a phone the ' +
  'language picker is in view and offers the six languages', async () => {
  const context = await newContext(browser, { baseURL: server.url, reducedMotion: false, width: 360, height: 640 })
  await context.addInitScript(() => {
    const w = window as unknown as { overlaySeen: boolean }
    w.overlaySeen = false
    new MutationObserver(() => {
      if (document.querySelector('.loading-overlay')) w.overlaySeen = true
    }).observe(document, { childList: true, subtree: true })
  })
  const page = await context.newPage()
  await page.clock.install()
  const started = Date.now()
  await page.goto('/')
  await page.waitForURL('**/login')
  await page.getByText('Smart tax savings').waitFor()
  // The intro cannot end by itself now: whatever is usable is usable while it plays.
  await stopClock(page)
  const email = page.getByLabel('E-mail address')
  await email.waitFor({ timeout: 5000 })
  const usable = await email.evaluate((el) => {
    const box = el.getBoundingClientRect()
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    return { onTop: top === el, inView: box.bottom <= window.innerHeight }
  })
  console.log(`first visit: the e-mail field usable after ${Date.now() - started} ms`)
  expect(usable).toEqual({ onTop: true, inView: true })
  expect(await page.locator('.login-screen.intro-text').count()).toBe(1)
  expect(await page.evaluate(() => (window as unknown as { overlaySeen: boolean }).overlaySeen)).toBe(false)
  await email.fill('first.visit@example.ch')
  expect(await page.getByRole('button', { name: 'Send code' }).isEnabled()).toBe(true)

  const language = page.getByLabel('Language')
  const box = (await language.boundingBox())!
  expect(box.y + box.height).toBeLessThanOrEqual(640)
  expect(
    await language
      .locator('option')
      .evaluateAll((options) =>
        options.map((o) => `${o.textContent}${(o as HTMLOptionElement).disabled ? ' (disabled)' : ''}`),
      ),
  ).toEqual(['English', 'Deutsch', 'Français', 'Italiano', 'Schwiizerdütsch', '中文'])
  await page.clock.resume()
  await screenshot(page, 'login-first-visit-360')
  await context.close()
}, 30_000)

test('a wrong code shows the error and keeps the user on the login screen', async () => {
  const context = await newContext(browser, { baseURL: server.url })
  const page = await context.newPage()
  await page.goto('/login')
  const email = 'wrong.code@example.ch'
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'Send code' }).click()
  const code = await smtp.codeFor(email)
  await page.getByLabel('Verification code').fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'))
  await page.getByRole('button', { name: 'Verify' }).click()
  await page.getByText('Verification failed').waitFor()
  expect(await page.getByRole('alert').first().textContent()).toContain('Invalid verification code')
  expect(new URL(page.url()).pathname).toBe('/login')
  // "Request a new code" asks for one for the same address (issue 25: it only went back a step). Within a minute of
  // the first the server refuses it, and the text says how long to wait (the 429's Retry-After), not "a moment".
  const asked = page.waitForRequest((r) => r.url().endsWith('/api/auth/request-code'))
  await page.getByRole('button', { name: 'Request a new code' }).click()
  expect((await asked).postDataJSON()).toMatchObject({ email })
  const wait = page.locator('#login-error').filter({ hasText: 'Too many requests' })
  await wait.waitFor()
  expect(await wait.textContent()).toMatch(
    /^Too many requests\. Please try again in (([1-9]|[1-5]\d) seconds?|1 minute)\.$/,
  )
  expect(await page.getByLabel('Verification code').isVisible()).toBe(true)
  await screenshot(page, 'login-new-code-wait-360')
  // Another address: back to step 1, the address kept to correct it.
  await page.getByRole('button', { name: 'Use another e-mail address' }).click()
  expect(await page.getByLabel('E-mail address').inputValue()).toBe(email)
  await context.close()
}, 30_000)

test("a first visit speaks the browser's language, and the account keeps the language it signed in with", async () => {
  // A Swiss German-speaking browser: de-CH first, as Chromium sends it (Accept-Language and navigator.languages).
  const context = await browser.newContext({ baseURL: server.url, locale: 'de-CH', reducedMotion: 'reduce' })
  const page = await context.newPage()
  await page.goto('/login')
  const email = 'ursula.meier@example.ch'
  await page.getByLabel('E-Mail-Adresse').fill(email)
  await page.getByRole('button', { name: 'Code senden' }).click()
  const code = await smtp.codeFor(email)
  // The code mail is German too.
  expect(smtp.mails.findLast((m) => m.to === email)!.raw).toContain('Guten Tag')
  await page.getByLabel('Bestätigungscode').fill(code)
  await page.getByRole('button', { name: 'Bestätigen' }).click()
  await page.waitForURL('**/profile?firstTime=true')
  const user = (await page.evaluate(() => fetch('/api/user').then((r) => r.json()))) as { language: string }
  expect(user.language).toBe('de')
  await context.close()
}, 30_000)

test('unknown paths show the not-found page; legal pages are public', async () => {
  const context = await newContext(browser, { baseURL: server.url })
  const page = await context.newPage()
  await page.goto('/no-such-page')
  await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor()
  await page.goto('/data-protection-policy?returnTo=/profile')
  await page.getByRole('heading', { level: 1 }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/data-protection-policy')
  expect(await page.locator('article section').count()).toBeGreaterThan(4)
  expect(await page.getByRole('link', { name: /Back/ }).getAttribute('href')).toBe('/profile')
  await screenshot(page, 'legal')
  await context.close()
}, 30_000)

test('the login screen shows the version of package.json; the change log lists every version down to ' +
  '0.24', async () => {
  const context = await newContext(browser, { baseURL: server.url })
  const page = await context.newPage()
  await page.goto('/login')
  const { version } = JSON.parse(await Bun.file('package.json').text())
  await page.getByRole('button', { name: `Version ${version}` }).click()
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  const headings = await dialog.locator('h3').allTextContents()
  expect(headings).toHaveLength(11)
  expect(headings[0]).toContain(version.split('.').slice(0, 2).join('.'))
  expect(headings[10]).toContain('0.24')
  await context.close()
}, 30_000)
