// The home dashboard against the built executable: status per year, the year
// selector, transmit 3→4, the message box, the bell and a 401 in the middle.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import AxeBuilder from '@axe-core/playwright'
import {
  adminSetStatus,
  apiSignIn,
  newContext,
  screenshot,
  signInThroughUi,
  startStack,
  type Server,
  type Smtp,
  type Stack,
  registerViaApi,
} from './harness'

let smtp: Smtp, server: Server, browser: Browser, stop: Stack['stop'] | undefined
const ADMIN = 'expert@example.ch'
const year = new Date().getFullYear() - 1

beforeAll(
  async () =>
    ({ smtp, server, browser, stop } = await startStack({
      MAIL_FROM: 'SwissTax <codes@swisstax.test>',
      ADMIN_EMAILS: ADMIN,
    })),
)
afterAll(() => stop?.())

/** Serious or critical axe findings (WCAG 2 A/AA) of what the page shows now. */
async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target) }))
}

/** An expert's session through the real code flow (once: a second code within 60 s is a 429). */
let adminSession: Promise<string> | undefined
const adminCookie = () => (adminSession ??= apiSignIn(server.url, smtp, ADMIN))

async function signedIn(page: Page, email: string) {
  await signInThroughUi(page, smtp, email)
  await page.waitForURL('**/profile?firstTime=true')
  await registerViaApi(page)
  return (await page.evaluate(() => fetch('/api/user').then((r) => r.json()))) as { id: number }
}

test('status 3 with the completion flag: Mark as Transmitted shows the banner and status 4; the bell ' +
  'lists it', async () => {
  const context = await newContext(browser, { baseURL: server.url, width: 1280, height: 800 })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const user = await signedIn(page, 'transmit.user@example.ch')

  await adminSetStatus(server.url, await adminCookie(), user.id, year, 3)
  const flag = await page.evaluate(
    (y) =>
      fetch('/api/tax-year-status/flags', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ taxYear: y, advancedInfoCompleted: true }),
      }).then((r) => r.status),
    year,
  )
  expect(flag).toBe(200)

  await page.goto('/')
  await page.getByRole('heading', { name: `Tax Status for ${year}` }).waitFor()
  await page.locator('.loading-overlay').waitFor({ state: 'detached' })
  expect(await page.locator('[data-status]').textContent()).toBe('Documents Submitted')
  await page.getByRole('heading', { name: 'Required Tax Documents' }).waitFor()
  // Enabled 200 ms after the status settles (spec); the page itself may be there at once (no overlay).
  await page.getByRole('button', { name: 'Advanced Tax Info', disabled: false }).waitFor()
  await screenshot(page, 'home-status3-1280')
  expect(await axe(page)).toEqual([])

  // The bell: the two profile reminders left after registration (address, tax profile; never a plan: every account
  // starts on basic) plus the expert's status change.
  const bell = page.getByRole('button', { name: /Notifications, 3 unread/ })
  expect(await bell.locator('.bell-badge').textContent()).toBe('3')
  await bell.click()
  await page.getByText('Tax status updated').waitFor()
  expect(
    await page.getByText(`Our experts set the status of your ${year} tax return to: Documents Submitted.`).count(),
  ).toBe(1)
  await screenshot(page, 'home-bell-1280')
  await page
    .locator('.notification', { hasText: 'Tax status updated' })
    .getByRole('button', { name: 'Mark as read' })
    .click()
  await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor()
  expect(await page.locator('.notification', { hasText: 'Tax status updated' }).getAttribute('class')).toBe(
    'notification read',
  )
  await page.getByRole('button', { name: 'Mark all as read' }).click()
  await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor()
  await page.keyboard.press('Escape')

  const transmit = page.getByRole('button', { name: 'Mark as Transmitted' })
  expect(await transmit.isEnabled()).toBe(true)
  await transmit.click()
  // A confirmation says what transmitting locks before anything is sent.
  const confirm = page.getByRole('dialog', { name: `Transmit your documents for ${year}?` })
  await confirm.waitFor()
  expect(await confirm.textContent()).toContain(`you can no longer upload, replace or delete documents for ${year}`)
  await confirm.getByRole('button', { name: 'Transmit now' }).click()
  await page.getByText('Tax declaration transmitted!').waitFor()
  await page.getByText('Documents Transmitted', { exact: true }).waitFor()
  expect(await page.locator('[data-status]').textContent()).toBe('Transmitted')
  expect(await page.getByRole('button', { name: 'Mark as Transmitted' }).count()).toBe(0)
  expect(await page.getByRole('heading', { name: 'Required Tax Documents' }).count()).toBe(0)
  expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('67')
  expect(await page.getByRole('button', { name: 'Advanced Tax Info' }).isEnabled()).toBe(true)
  // The stored 'documents transmitted' notification arrives with the refresh.
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor()
  await screenshot(page, 'home-status4-1280')
  // An item's action closes the list, also when it leads to the page already shown; a reminder's leads to the profile.
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click()
  await page
    .locator('.notification', { hasText: 'Documents transmitted' })
    .getByRole('link', { name: 'Open dashboard' })
    .click()
  await page.locator('#notifications-panel').waitFor({ state: 'detached' })
  expect(new URL(page.url()).pathname).toBe('/')
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click()
  await page.getByRole('link', { name: 'Complete tax profile' }).first().click()
  await page.waitForURL((u) => u.pathname === '/profile')
  await page.locator('#notifications-panel').waitFor({ state: 'detached' })
  expect(errors).toEqual([])
  await context.close()
}, 90_000)

test('a new user: year selector, the unavailable current year, sending a message, a 401 in the middle', async () => {
  const context = await newContext(browser, { baseURL: server.url })
  const page = await context.newPage()
  await signedIn(page, 'message.user@example.ch')
  await page.goto('/')
  await page.getByRole('heading', { name: `Tax Status for ${year}` }).waitFor()
  await page.locator('.loading-overlay').waitFor({ state: 'detached' })
  expect(await page.locator('[data-status]').textContent()).toBe('Profile Incomplete')
  expect(await page.getByText('Next step: complete your tax profile.').count()).toBe(1)
  expect(await page.getByRole('button', { name: 'Complete Your Tax Profile' }).isEnabled()).toBe(true)
  expect(await page.getByRole('heading', { name: 'Required Tax Documents' }).count()).toBe(0)
  await screenshot(page, 'home-new-360')
  expect(await axe(page)).toEqual([])
  // The page never scrolls sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await page.getByRole('button', { name: 'Notifications, 2 unread' }).click()
  await page.getByText('Tax address incomplete').waitFor()
  await screenshot(page, 'home-bell-360')
  expect(await axe(page)).toEqual([])
  await page.keyboard.press('Escape')
  expect(await page.getByText('Tax address incomplete').count()).toBe(0)
  expect(await page.evaluate(() => document.activeElement?.classList.contains('bell-button'))).toBe(true)

  // The current year cannot be filed yet: a tooltip and a toast, the selection stays.
  const current = page.getByRole('button', { name: String(year + 1), exact: true })
  expect(await current.getAttribute('aria-disabled')).toBe('true')
  expect(await current.getAttribute('title')).toBe(`Filing opens on 1 January ${year + 2}`)
  // aria-disabled, so Playwright will not click it; the keyboard reaches it like a person would.
  await current.focus()
  await page.keyboard.press('Enter')
  await page.getByText('Tax Year Not Available').waitFor()
  expect(
    await page.getByText(`Swiss tax returns for ${year + 1} can be filed starting January 1, ${year + 2}`).count(),
  ).toBe(1)
  await page.getByRole('button', { name: String(year - 1), exact: true }).click()
  await page.getByRole('heading', { name: `Tax Status for ${year - 1}` }).waitFor()

  // The message box: disabled while blank, then the inline success text.
  const send = page.getByRole('button', { name: 'Send Message' })
  await page.getByLabel('Your message').fill('   ')
  expect(await send.isDisabled()).toBe(true)
  await page.getByLabel('Your message').fill('Can I deduct my train pass?')
  await send.click()
  await page.getByText('Message sent successfully!').waitFor()
  expect(await page.getByLabel('Your message').inputValue()).toBe('')
  const mine = await page.evaluate(() => fetch('/api/messages').then((r) => r.json()))
  expect(mine.map((m: { message: string }) => m.message)).toEqual(['Can I deduct my train pass?'])
  await page.locator('.message-history li.from-user').getByText('Can I deduct my train pass?').waitFor()

  // An expert replies; the next 30 s poll, or the header logo (it refetches everything), brings the notification and
  // the reply.
  const admin = await adminCookie()
  const reply = await fetch(`${server.url}/api/admin/messages/${mine[0].id}/reply`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: admin },
    body: JSON.stringify({ message: 'Yes, as professional expenses.' }),
  })
  expect(reply.status).toBe(200)
  await page.locator('.logo-button').click()
  await page.locator('.message-history li.from-expert').getByText('Yes, as professional expenses.').waitFor()
  await page.getByRole('button', { name: 'Notifications, 3 unread' }).waitFor()
  await screenshot(page, 'home-message-360')

  // In German: the dashboard's texts come from locales/de/home.json.
  await page.getByLabel('Language').selectOption('de')
  await page.getByRole('heading', { name: `Steuerstatus ${year - 1}` }).waitFor()
  expect(await page.getByText('Nächster Schritt: Vervollständigen Sie Ihr Steuerprofil.').count()).toBe(1)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await screenshot(page, 'home-de-360')
  await page.getByLabel('Sprache').selectOption('en')
  await page.getByRole('heading', { name: `Tax Status for ${year - 1}` }).waitFor()

  // The session ends elsewhere; the next call answers 401 and the dialog opens.
  await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }))
  await page.getByLabel('Your message').fill('Another question')
  await send.click()
  await page.getByRole('dialog', { name: 'Session Expired' }).waitFor()
  await context.close()
}, 90_000)

test("Advanced Tax Info and Mark as Transmitted follow the server's status and flags; a refused transmit or message " +
  "is explained in the user's language", async () => {
  const context = await newContext(browser, { baseURL: server.url })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const user = await signedIn(page, 'events.user@example.ch')
  const admin = await adminCookie()
  const setStatus = (status: number) => adminSetStatus(server.url, admin, user.id, year, status)
  const setFlag = (advancedInfoCompleted: boolean) =>
    page.evaluate(
      ([y, done]) =>
        fetch('/api/tax-year-status/flags', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ taxYear: y, advancedInfoCompleted: done }),
        }).then((r) => r.status),
      [year, advancedInfoCompleted] as const,
    )

  // Status 2: Advanced Tax Info is locked (spec part 1 §4).
  await setStatus(2)
  await page.goto('/')
  await page.locator('.loading-overlay').waitFor({ state: 'detached' })
  await page.locator('[data-status="documents_pending"]').waitFor()
  const advanced = page.getByRole('button', { name: 'Advanced Tax Info' })
  expect(await advanced.isEnabled()).toBe(false)
  expect(await page.getByText('Complete document upload to unlock advanced features').count()).toBe(1)

  // Status 3 with the completion flag: Advanced Tax Info unlocks and Mark as Transmitted is enabled.
  await setStatus(3)
  expect(await setFlag(true)).toBe(200)
  await page.reload()
  await page.locator('[data-status="documents_submitted"]').waitFor()
  await page.locator('.loading-overlay').waitFor({ state: 'detached' })
  await page.getByText('Advanced features unlocked').waitFor()
  expect(await advanced.isEnabled()).toBe(true)
  const transmit = page.getByRole('button', { name: 'Mark as Transmitted' })
  expect(await transmit.isEnabled()).toBe(true)

  // The flag is withdrawn on the server meanwhile: the 409 is told in German, and the button follows the server.
  expect(await setFlag(false)).toBe(200)
  await page.getByLabel('Language').selectOption('de')
  const transmitDe = page.getByRole('button', { name: 'Als übermittelt markieren' })
  await transmitDe.click()
  await page.getByRole('button', { name: 'Jetzt übermitteln' }).click()
  await page.getByText('Übermittlung fehlgeschlagen').waitFor()
  expect(
    await page
      .getByText(`Bitte schliessen Sie die erweiterten Steuerangaben für ${year} ab, bevor Sie übermitteln.`)
      .count(),
  ).toBe(1)
  await page.waitForFunction(() =>
    [...document.querySelectorAll('button')].some((b) => b.textContent === 'Als übermittelt markieren' && b.disabled),
  )
  expect(await page.locator('[data-status]').textContent()).toBe('Dokumente eingereicht')

  // A refused message: the server's code in German rather than its English text.
  await page.route('**/api/send-message', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Message is too long: at most 5000 characters', code: 'MESSAGE_TOO_LONG' }),
    }),
  )
  await page.getByLabel('Ihre Nachricht').fill('Frage')
  await page.getByRole('button', { name: 'Nachricht senden' }).click()
  await page.getByText('Ihre Nachricht ist zu lang: höchstens 5000 Zeichen.').waitFor()

  // The previous year is still at status 1: the profile button opens the wizard for that year, not the default one.
  await page.getByRole('button', { name: String(year - 1), exact: true }).click()
  await page.getByRole('heading', { name: `Steuerstatus ${year - 1}` }).waitFor()
  await page.locator('button.profile-status-button:not([disabled])').click()
  // The wizard adds its step to the address (each step is a history entry).
  await page.waitForURL(
    (u) =>
      u.pathname === '/profile' &&
      u.searchParams.get('setup') === 'tax' &&
      u.searchParams.get('taxYear') === String(year - 1),
  )
  expect(errors).toEqual([])
  await context.close()
}, 90_000)

test('documents covered at status 1 count when the wizard completes (1→2→3); running the wizard again later only ' +
  'edits the answers', async () => {
  const context = await newContext(browser, { baseURL: server.url })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await signedIn(page, 'rerun.user@example.ch')
  const profile = {
    firstName: 'Anna',
    lastName: 'Muster',
    phone: '791234567',
    countryCode: '+41',
    salutation: 'mrs',
    dateOfBirth: '1990-04-01',
    religion: 'Evangelical Reformed',
    jobName: 'Engineer',
    taxAddress: 'Bahnhofstrasse 1',
    cantonOfResidence: 'zurich',
    street: 'Bahnhofstrasse 1',
    zipCode: '8001',
    city: 'Zürich',
    gemeinde: 'Zürich',
    movedDuringYear: 'no',
    housingSituation: 'renter',
    isFirefighter: false,
    maritalStatus: 'individual',
    propertyOwner: false,
    hasChildren: false,
    hasInvestments: false,
    hasForeignIncome: false,
    isDisabled: false,
    receivesAHVIV: false,
    hasTaxIdentificationNumber: true,
    hasPowerOfAttorney: false,
    employmentType: 'employed',
    paysAlimony: false,
    hasPillar3a: true,
    hasPension: false,
  }
  const answers = await page.evaluate(
    async ([p, y]) => {
      const json = { 'content-type': 'application/json' }
      const put = await fetch('/api/user/profile', { method: 'PUT', headers: json, body: JSON.stringify(p) })
      const out: unknown[] = [put.status === 200 ? 200 : await put.text()]
      for (const id of [1, 2, 3, 4, 5, 21])
        out.push(
          (
            await fetch(`/api/user-preferences/${id}`, {
              method: 'POST',
              headers: json,
              body: JSON.stringify({ taxYear: y, isRelevant: false }),
            })
          ).status,
        )
      return out
    },
    [profile, year] as const,
  )
  expect(answers).toEqual([200, 200, 200, 200, 200, 200, 200])

  // Through the wizard twice: the first Complete moves 1→2 and straight on to 3; the second is a 403 on the move, which
  // is fine.
  for (const round of [1, 2]) {
    await page.goto(`/profile?setup=tax&taxYear=${year}`)
    // The header's bell is on every signed-in page, not only on the dashboard: here the tax profile is missing
    // (and no plan reminder: every account starts on basic).
    if (round === 1) {
      await page.getByRole('button', { name: 'Notifications, 1 unread' }).click()
      await page.getByText('Tax profile incomplete').waitFor()
      await page.keyboard.press('Escape')
    }
    const complete = page.getByRole('button', { name: 'Complete' })
    for (let step = 1; step < 12 && !(await complete.isVisible()); step++)
      await page.getByRole('button', { name: 'Next' }).click()
    await complete.click()
    await page.getByText('Tax profile saved').waitFor()
    expect({ round, failed: await page.getByText('Update Failed').count() }).toEqual({ round, failed: 0 })
    await page.waitForURL((u) => u.pathname === '/', { timeout: 5000 })
    await page.locator('.loading-overlay').waitFor({ state: 'detached' })
    await page.getByText('Next step: complete the advanced tax information, then transmit your documents.').waitFor()
    expect(await page.locator('[data-status]').textContent()).toBe('Documents Submitted')
  }
  expect(errors).toEqual([])
  await context.close()
}, 90_000)

test("an expert's move that arrives with the 30 s poll brings the year's flags along: Mark as Transmitted is usable " +
  'at once; the bell polls once per 30 s on every page', async () => {
  const context = await newContext(browser, { baseURL: server.url })
  const page = await context.newPage()
  await page.clock.install()
  // Every GET /api/notifications: the dashboard's bell shares the dashboard's poll, the other pages' bell polls on its
  // own.
  let notificationPolls = 0
  page.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/notifications') notificationPolls++
  })
  const pollsOver30s = async () => {
    notificationPolls = 0
    await page.clock.fastForward(31_000)
    await page.waitForTimeout(500)
    return notificationPolls
  }
  const user = await signedIn(page, 'poll.user@example.ch')
  const admin = await adminCookie()
  const setStatus = (status: number) => adminSetStatus(server.url, admin, user.id, year, status)
  await setStatus(2)
  expect(
    await page.evaluate(
      (y) =>
        fetch('/api/tax-year-status/flags', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ taxYear: y, advancedInfoCompleted: true }),
        }).then((r) => r.status),
      year,
    ),
  ).toBe(200)
  await page.goto('/')
  // The page's timers run on the installed clock: wait for the figures, then move past the overlay's 500 ms.
  await page.locator('[data-status="documents_pending"]').waitFor()
  await page.clock.fastForward(1000)
  await page.locator('.loading-overlay').waitFor({ state: 'detached' })
  expect(await page.getByRole('button', { name: 'Mark as Transmitted' }).count()).toBe(0)

  await setStatus(3)
  expect(await pollsOver30s()).toBe(1)
  await page.getByText('Next step: complete the advanced tax information, then transmit your documents.').waitFor()
  const transmit = page.getByRole('button', { name: 'Mark as Transmitted' })
  await page.waitForFunction(
    () => [...document.querySelectorAll('button')].some((b) => b.textContent === 'Mark as Transmitted' && !b.disabled),
    undefined,
    { timeout: 5000 },
  )
  expect(await transmit.isEnabled()).toBe(true)

  // Another signed-in page: the header's own bell, still one poll per 30 s.
  await page.goto('/profile')
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor()
  expect(await pollsOver30s()).toBe(1)
  await context.close()
}, 90_000)
