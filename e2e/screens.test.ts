// Every screen, in English, German and French, on a phone (360 px) and at a desk (1280 px): each one has its title in
// the page's language, does not scroll sideways and is axe-clean (strict: harness.ts's axe). With SCREENSHOTS=dir each
// is photographed, for the look to be reviewed by a person (issues 12 and 25). The screens are shown in the states
// issue 25 found them failing in: the change log open, a year with documents (the longest German category name, a long
// file name), an upload under way, the transmit confirmation, every section of the advanced information, a client with
// files, a document sent after transmission with a message, and the same once an expert has seen it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { BrowserContext, Page, Route } from 'playwright-core'
import { adminSetStatus, apiSignIn, axe, registerViaApi, screenshot, startStack, texts, type Stack } from './harness'

const ADMIN = 'screens.expert@example.ch'
const YEAR = new Date().getFullYear() - 1
let stack: Stack
let adminCookie: string
beforeAll(async () => {
  stack = await startStack({ ADMIN_EMAILS: ADMIN })
  adminCookie = await apiSignIn(stack.server.url, stack.smtp, ADMIN)
})
afterAll(() => stack?.stop())

/**
 * Words on the page that look like i18next keys ("plan.basic"): what a text whose namespace was never loaded shows.
 * Option texts count too. E-mail addresses, web addresses and file names are not keys.
 */
function untranslatedKeys(page: Page) {
  return page.evaluate(() => {
    const options = [...document.querySelectorAll('option')].map((o) => o.textContent ?? '')
    // The text as shown (innerText): what is hidden is not read by anyone.
    // biome-ignore lint/performance/useDomNodeTextContent: see above
    return [document.body.innerText, ...options]
      .join(' ')
      .split(/\s+/)
      .map((word) => word.replace(/^[("'«]+|[)"'»:,;!?]+$/g, ''))
      .filter((word) => !/[@/]/.test(word) && !/\.(ch|com|org|pdf|jpe?g|png|docx?|txt)$/i.test(word))
      .filter((word) => /^[a-z][a-z0-9]*(_[a-z0-9]+)*(\.[a-z][a-z0-9]*(_[a-z0-9]+)*)+$/.test(word))
  })
}

/** The tax profile of a married parent who owns a home and has investments and income abroad (status 1 → 2). */
async function completeTaxProfile(page: Page) {
  const status = await page.evaluate(async (taxYear) => {
    const profile = {
      firstName: 'Anna',
      lastName: 'Muster',
      phone: '791234567',
      countryCode: '+41',
      salutation: 'mrs',
      dateOfBirth: '1984-04-01',
      religion: 'Roman Catholic',
      jobName: 'Versicherungsfachfrau',
      taxAddress: 'Bahnhofstrasse 1',
      cantonOfResidence: 'zurich',
      street: 'Bahnhofstrasse 1',
      zipCode: '8001',
      city: 'Zürich',
      gemeinde: 'Zürich',
      movedDuringYear: 'no',
      housingSituation: 'owner',
      isFirefighter: false,
      maritalStatus: 'married',
      propertyOwner: true,
      hasChildren: true,
      numberOfChildren: 2,
      childrenAges: [4, 9],
      hasInvestments: true,
      hasForeignIncome: true,
      isDisabled: false,
      receivesAHVIV: false,
      hasTaxIdentificationNumber: true,
      hasPowerOfAttorney: false,
      employmentType: 'employed',
      paysAlimony: false,
      hasPillar3a: true,
      hasPension: false,
    }
    const body = JSON.stringify({ taxYear, profile })
    const headers = { 'content-type': 'application/json' }
    const res = await fetch('/api/tax-profile/complete', { method: 'POST', headers, body })
    return res.status === 200 ? 200 : `${res.status} ${await res.text()}`
  }, YEAR)
  expect(status).toBe(200)
}

const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'
/** A German file name with no place to break but the underscores a browser does not break at. */
const LONG_NAME = 'Krankenkassenpraemienverbilligungsbescheinigung_Jahresabrechnung_2025.pdf'

/** A PDF uploaded into a category over the API, as the dashboard's upload sends it; its file id. */
async function uploadOverApi(page: Page, categoryId: number, name: string) {
  const answer = await page.evaluate(
    async ([body, categoryId, name, taxYear]) => {
      const bytes = new TextEncoder().encode(body)
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
      const form = new FormData()
      form.append('files', new File([bytes], name, { type: 'application/pdf' }))
      form.append('hashes[]', [...digest].map((b) => b.toString(16).padStart(2, '0')).join(''))
      form.append('categoryId', String(categoryId))
      form.append('taxYear', String(taxYear))
      const res = await fetch('/api/files/upload', { method: 'POST', body: form })
      return { status: res.status, id: res.ok ? ((await res.json()).files[0].value.id as string) : '' }
    },
    [`${PDF}% ${name}\n`, categoryId, name, YEAR] as const,
  )
  expect(answer.status).toBe(200)
  return answer.id
}

const LATE_MESSAGE = {
  en: 'Here is the certificate I forgot.',
  de: 'Hier ist die Bescheinigung, die ich vergessen hatte.',
  fr: 'Voici l’attestation que j’avais oubliée.',
}

/** Marks the year's advanced information complete (or not), as its switch on the advanced page does. */
const setAdvancedComplete = (page: Page, done: boolean) =>
  page.evaluate(
    ([taxYear, advancedInfoCompleted]) =>
      fetch('/api/tax-year-status/flags', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ taxYear, advancedInfoCompleted }),
      }).then((r) => r.status),
    [YEAR, done] as const,
  )

/** Switches an advanced section (spouse, children) on or off: they start from the profile's answers. */
const setSection = (page: Page, section: string, enabled: boolean) =>
  page.evaluate(
    ([taxYear, section, enabled]) =>
      fetch('/api/advanced/sections', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ taxYear, section, enabled }),
      }).then((r) => r.status),
    [YEAR, section, enabled] as const,
  )

const BROWSER_LOCALE = { en: 'en-GB', de: 'de-CH', fr: 'fr-CH' } as const

async function openContext(lang: keyof typeof BROWSER_LOCALE, width: number, cookie?: string) {
  const context = await stack.browser.newContext({
    baseURL: stack.server.url,
    viewport: { width, height: 860 },
    reducedMotion: 'reduce',
    locale: BROWSER_LOCALE[lang],
  })
  await context.addInitScript((l) => localStorage.setItem('i18nextLng', l), lang)
  if (cookie) {
    const [name, value] = cookie.split('=') as [string, string]
    await context.addCookies([{ name, value, url: stack.server.url }])
  }
  return context
}

describe.each([
  ['en', 360],
  ['en', 1280],
  ['de', 360],
  ['de', 1280],
  ['fr', 360],
  ['fr', 1280],
] as const)('%s at %d px', (lang, width) => {
  const T = texts(lang)
  const appName = T('common:app_name')
  let context: BrowserContext
  let page: Page
  let userId = 0
  const errors: string[] = []

  /** The screen as it stands: its title, no sideways scroll, no axe violation; photographed with SCREENSHOTS. */
  async function check(name: string, title: string) {
    await page.locator('.loading-overlay').waitFor({ state: 'detached' })
    expect(await page.title()).toBe(`${title} · ${appName}`)
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang)
    // No sideways scroll: the page is as wide as the window (the screen's name says where it was not).
    const wide = await page.evaluate(() => document.documentElement.scrollWidth)
    expect({ name, scrollWidth: Math.max(wide, width) }).toEqual({ name, scrollWidth: width })
    expect({ name, violations: await axe(page) }).toEqual({ name, violations: [] })
    expect({ name, keys: await untranslatedKeys(page) }).toEqual({ name, keys: [] })
    await screenshot(page, `screen-${name}-${lang}-${width}`)
  }

  beforeAll(async () => {
    context = await openContext(lang, width)
    page = await context.newPage()
    page.on('pageerror', (e) => errors.push(e.message))
  })
  afterAll(() => context?.close())

  test('signed out: sign-in, its code step, the legal pages', async () => {
    await page.goto('/login')
    await page.getByLabel(T('login:email_label')).waitFor()
    await check('login', T('common:pages.login'))
    await page.locator('.version-button').click()
    await page.getByRole('dialog', { name: T('changelog:title') }).waitFor()
    await check('changelog', T('common:pages.login'))
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await page.goto('/terms-and-conditions')
    await page.getByRole('heading', { level: 1 }).waitFor()
    await check('terms', T('common:pages.terms'))
    await page.goto('/data-protection')
    await page.getByRole('heading', { level: 1 }).waitFor()
    await check('data-protection', T('common:pages.data_protection'))

    await page.goto('/login')
    const email = `screens.${lang}.${width}@example.ch`
    await page.getByLabel(T('login:email_label')).fill(email)
    const since = stack.smtp.mails.length
    await page.getByRole('button', { name: T('login:send_code') }).click()
    await page.getByLabel(T('login:code_label')).waitFor()
    await check('login-code', T('common:pages.login'))
    await page.getByLabel(T('login:code_label')).fill(await stack.smtp.codeFor(email, 10_000, since))
    await page.getByRole('button', { name: T('login:verify') }).click()
    await page.waitForURL('**/profile?firstTime=true')
    await page.getByLabel(T('profile:fields.first_name')).waitFor()
    await check('registration', T('common:pages.registration'))
  })

  test("a taxpayer's screens: dashboard, upload, wizard, profile, plans, files, cantons, advanced, 404", async () => {
    await registerViaApi(page)
    const user = (await page.evaluate(() => fetch('/api/user').then((r) => r.json()))) as { id: number }
    userId = user.id
    await page.goto('/')
    await page.getByRole('heading', { name: T('home:status.heading', { year: YEAR }) }).waitFor()
    await check('dashboard', T('common:pages.home'))

    await page
      .getByRole('button', { name: new RegExp(T('documents:upload.upload_files')) })
      .first()
      .click()
    await page.getByRole('dialog', { name: T('documents:upload.choose_category') }).waitFor()
    await check('upload-picker', T('common:pages.home'))
    await page.keyboard.press('Escape')

    await page.goto('/profile?setup=tax')
    await page.getByText(T('wizard:step_of', { current: 1, total: 12 }), { exact: true }).waitFor()
    await check('wizard-1', T('common:pages.tax_setup'))
    // Next on an empty step: the reasons next to their fields.
    await page.getByRole('button', { name: T('wizard:next') }).click()
    await page.locator('.field-error').first().waitFor()
    await check('wizard-1-reasons', T('common:pages.tax_setup'))

    // A year with documents: the insurance certificates (in German the longest name of a required category) with a
    // long file name, and then one more upload still under way.
    await completeTaxProfile(page)
    await uploadOverApi(page, 4, LONG_NAME)
    await page.goto('/')
    await page.locator('.checklist-uploaded[data-category-id="4"]').waitFor()
    await check('dashboard-documents', T('common:pages.home'))
    // What opens on the dashboard: the year's files, the notifications and, on a phone, the menu.
    await page.locator('.your-files-button').click()
    await page.locator('.file-history-dialog .file-history-item').first().waitFor()
    await check('dashboard-files', T('common:pages.home'))
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await page.locator('.bell-button').click()
    await page.locator('#notifications-panel').waitFor()
    await check('dashboard-notifications', T('common:pages.home'))
    await page.keyboard.press('Escape')
    await page.locator('#notifications-panel').waitFor({ state: 'detached' })
    if (width < 768) {
      await page.getByRole('button', { name: T('common:nav.menu') }).click()
      await page.locator('#app-menu').waitFor()
      await check('dashboard-menu', T('common:pages.home'))
      await page.getByRole('button', { name: T('common:nav.menu') }).click()
      await page.locator('#app-menu').waitFor({ state: 'detached' })
    }
    let held: Route | undefined
    await page.route('**/api/files/upload', (route) => {
      held = route
    })
    await page
      .getByRole('button', { name: new RegExp(T('documents:upload.upload_files')) })
      .first()
      .click()
    const picker = page.getByRole('dialog', { name: T('documents:upload.choose_category') })
    await picker.getByLabel(T('documents:upload.category_label')).selectOption('4')
    const chooser = page.waitForEvent('filechooser')
    await picker.getByRole('button', { name: T('documents:upload.continue') }).click()
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/files/upload'))
    await (await chooser).setFiles({
      name: LONG_NAME.replace('2025', '2024'),
      mimeType: 'application/pdf',
      buffer: Buffer.from(PDF),
    })
    await sent
    await page.locator('.upload-row').first().waitFor()
    await check('uploading', T('common:pages.home'))
    await held?.abort()
    await page.unroute('**/api/files/upload')

    for (const [path, name, key] of [
      ['/profile', 'profile', 'profile'],
      ['/plans', 'plans', 'plans'],
      ['/file-history', 'file-history', 'file_history'],
      ['/cantons', 'cantons', 'cantons'],
      ['/no-such-page', 'not-found', 'not_found'],
    ] as const) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      await check(name, T(`common:pages.${key}`))
    }

    await adminSetStatus(stack.server.url, adminCookie, user.id, YEAR, 3)
    // Transmitting: the confirmation, on a phone as wide as the screen.
    // Married with children: those sections start on, and would need their data before the section can finish.
    for (const section of ['spouse', 'children']) expect(await setSection(page, section, false)).toBe(200)
    expect(await setAdvancedComplete(page, true)).toBe(200)
    await page.goto('/')
    await page.getByRole('button', { name: T('home:transmit.button'), disabled: false }).click()
    await page.getByRole('dialog', { name: T('home:transmit.confirm_title', { year: YEAR }) }).waitFor()
    await check('transmit-confirm', T('common:pages.home'))
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    expect(await setAdvancedComplete(page, false)).toBe(200)
    for (const section of ['spouse', 'children']) expect(await setSection(page, section, true)).toBe(200)
    await page.goto('/advanced-tax-info')
    await page.getByRole('tablist').waitFor()
    await check('advanced', T('common:pages.advanced_tax_info'))
    // Every section the profile opens, the spouse's and the children's among them.
    await page.locator('#tab-spouse').waitFor()
    const tabs = await page.getByRole('tab').evaluateAll((els) => els.map((e) => e.id))
    for (const id of tabs.slice(1)) {
      await page.locator(`#${id}`).click()
      await page.locator(`#${id}[aria-selected="true"]`).waitFor()
      // A section the profile did not switch on is switched on: its form is what is checked.
      const switchOn = page.locator('.section-off').getByRole('button', { name: T('advanced:page.switch_on') })
      if (await switchOn.count()) {
        await switchOn.click()
        await page.locator('.section-off').waitFor({ state: 'detached' })
      }
      await check(`advanced-${id.replace('tab-', '')}`, T('common:pages.advanced_tax_info'))
    }

    // Transmitted, then a forgotten document sent with a message: the dashboard after transmission, and what the
    // expert's inbox, list and client page show of it (below).
    await adminSetStatus(stack.server.url, adminCookie, user.id, YEAR, 4)
    const late = await uploadOverApi(page, 5, 'Spendenbescheinigung_Nachtrag.pdf')
    const messageSent = await page.evaluate(
      ([message, attachmentFileId]) =>
        fetch('/api/send-message', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ message, attachmentFileId }),
        }).then((r) => r.status),
      [LATE_MESSAGE[lang], late] as const,
    )
    expect(messageSent).toBe(200)
    await page.goto('/')
    await page.getByText(T('home:message.attachment', { name: 'Spendenbescheinigung_Nachtrag.pdf' })).waitFor()
    await check('dashboard-transmitted', T('common:pages.home'))

    expect(errors).toEqual([])
  })

  test("an expert's screens: clients, board, inbox, audit, system, a client", async () => {
    const expert = await openContext(lang, width, adminCookie)
    page = await expert.newPage()
    page.on('pageerror', (e) => errors.push(e.message))
    for (const tab of ['clients', 'board', 'inbox', 'audit', 'system']) {
      await page.goto(tab === 'clients' ? '/admin' : `/admin?tab=${tab}`)
      await page.getByRole('link', { name: T(`admin:tabs.${tab}`) }).waitFor()
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      // The inbox with this client's message and document, and the documents after transmission.
      if (tab === 'inbox') await page.locator('#late-heading').waitFor()
      await check(`admin-${tab}`, T('common:pages.admin'))
    }
    await page.goto(`/admin/clients/${userId}`)
    await page.getByText(`screens.${lang}.${width}@example.ch`).first().waitFor()
    await page.locator('.late-notice').waitFor()
    await check('admin-client', T('common:pages.admin'))
    // Opening the year marked the document seen for the team: again, it says when and by whom, and the inbox's
    // documents after transmission no longer list the client.
    await page.reload()
    await page.locator('.late-seen').waitFor()
    await check('admin-client-seen', T('common:pages.admin'))
    await page.goto('/admin?tab=inbox')
    await page.getByText(T('admin:inbox.late_empty')).waitFor()
    await check('admin-inbox-seen', T('common:pages.admin'))
    expect(errors).toEqual([])
    await expert.close()
  })
})

// The app has one colour scheme, the light one: a phone set to dark mode must not get Pico's dark colours under
// the light design (white cards with near-white text).
test('a browser in dark mode gets the light theme, with readable contrast', async () => {
  const context = await stack.browser.newContext({
    baseURL: stack.server.url,
    viewport: { width: 360, height: 780 },
    reducedMotion: 'reduce',
    colorScheme: 'dark',
  })
  const page = await context.newPage()
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)
  await page.goto('/login')
  await page.getByRole('button', { name: 'Send code' }).waitFor()
  expect(await background()).toBe('rgb(255, 255, 255)')
  expect(await axe(page)).toEqual([])

  const [name, value] = (await apiSignIn(stack.server.url, stack.smtp, 'screens.dark@example.ch')).split('=')
  await context.addCookies([{ name: name!, value: value!, url: stack.server.url }])
  await page.goto('/')
  await page.waitForURL('**/profile?firstTime=true')
  await registerViaApi(page)
  await page.goto('/')
  await page.getByRole('heading', { name: `Tax Status for ${YEAR}` }).waitFor()
  expect(await background()).toBe('rgb(255, 255, 255)')
  expect(await axe(page)).toEqual([])
  await context.close()
})
