// Issue 25 ("ready for a real season"), findings 2, 3 and 6 against the built executable, at 360 and 1280 px:
// the wizard and the registration keep what was entered on the server (Back, a reload, a legal page), the power of
// attorney cannot be skipped by an unsaved or wrong tax ID when the section is finished, and the advanced information
// starts from the wizard's answers, finishes with one action and stays readable once locked.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { extractText, getDocumentProxy } from 'unpdf'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { adminSetStatus, apiSignIn, axe, registerViaApi, screenshot, startStack, texts, type Stack } from './harness'

let stack: Stack
beforeAll(async () => {
  stack = await startStack({ FIRM_NAME: 'Treuhand Muster AG', ADMIN_EMAILS: 'expert@example.ch' })
})
const work = mkdtempSync(join(tmpdir(), 'swisstax-e2e-season-'))
afterAll(async () => {
  await stack?.stop()
  rmSync(work, { recursive: true, force: true })
})

// One expert session for both widths: a second code for the same address within a minute is refused (429).
let expertCookie: string | undefined
const expertSession = async () => {
  expertCookie ??= await apiSignIn(stack.server.url, stack.smtp, 'expert@example.ch')
  return expertCookie
}

function pdfFile(name: string) {
  const path = join(work, name)
  writeFileSync(path, `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${name}\ntrailer << /Root 1 0 R >>\n%%EOF\n`)
  return path
}

const T = texts('en')
const YEAR = new Date().getFullYear() - 1

async function signedIn(width: number, email: string) {
  const context = await stack.browser.newContext({
    baseURL: stack.server.url,
    viewport: { width, height: 800 },
    reducedMotion: 'reduce',
    locale: 'en-GB',
  })
  await context.addInitScript(() => {
    if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', 'en')
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto('/login')
  await page.getByLabel(T('login:email_label')).fill(email)
  await page.getByRole('button', { name: T('login:send_code') }).click()
  await page.getByLabel(T('login:code_label')).fill(await stack.smtp.codeFor(email))
  await page.getByRole('button', { name: T('login:verify') }).click()
  await page.waitForURL('**/profile?firstTime=true')
  return { context, page, errors }
}

const step = (page: Page, n: number) =>
  page.getByText(T('wizard:step_of', { current: n, total: 12 }), { exact: true }).waitFor()

describe.each([360, 1280])('at %d px', (width) => {
  test('registration keeps its input while a legal page is open, a reload included', async () => {
    const { context, page, errors } = await signedIn(width, `register.${width}@example.ch`)
    await page.getByLabel(T('profile:fields.first_name')).fill('Anna')
    await page.getByLabel(T('profile:fields.last_name')).fill('Muster')
    await page.getByLabel(T('profile:fields.phone')).fill('0791234567')
    await page.getByRole('link', { name: T('profile:legal.terms') }).click()
    await page.waitForURL((u) => u.pathname === '/terms-and-conditions')
    // A reload on the legal page: nothing the browser held in memory survives it.
    await page.reload()
    await page.getByRole('link', { name: new RegExp(`^← ${T('legal:back')}`) }).click()
    await page.waitForURL((u) => u.pathname === '/profile' && u.search === '?firstTime=true')
    expect(await page.getByLabel(T('profile:fields.first_name')).inputValue()).toBe('Anna')
    expect(await page.getByLabel(T('profile:fields.last_name')).inputValue()).toBe('Muster')
    expect(await page.getByLabel(T('profile:fields.phone')).inputValue()).toContain('79')
    await screenshot(page, `season-registration-${width}`)
    await page.getByLabel(T('profile:first_time.agree')).check()
    await page.getByRole('button', { name: T('profile:first_time.submit') }).click()
    await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 })
    // Registered: the server no longer keeps the draft.
    expect((await (await page.request.get('/api/user/drafts/registration')).json()).draft).toBeNull()
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)

  test('the wizard saves each step: the browser’s Back stays in it, a reload and a new visit reopen it', async () => {
    const { context, page, errors } = await signedIn(width, `wizard.${width}@example.ch`)
    await registerViaApi(page)
    await page.goto('/profile?setup=tax')
    const next = page.getByRole('button', { name: T('wizard:next'), exact: true })
    await step(page, 1)
    await page.getByLabel(T('wizard:salutation.mrs'), { exact: true }).check()
    await page.getByLabel(T('wizard:fields.religion')).selectOption('Evangelical Reformed')
    await page.getByLabel(T('wizard:fields.job_name')).fill('Engineer')
    await page.getByLabel(T('wizard:fields.date_of_birth')).fill('1985-03-09')
    await next.click()
    await step(page, 2)
    const zurich = page.getByRole('button', { name: /Zürich\s*ZH/ })
    await zurich.click()
    await next.click()
    await step(page, 3)
    expect(new URL(page.url()).searchParams.get('step')).toBe('3')

    // The browser's Back: one step back, still in the wizard, the canton still chosen.
    await page.goBack()
    await step(page, 2)
    expect(new URL(page.url()).pathname).toBe('/profile')
    expect(await zurich.getAttribute('aria-pressed')).toBe('true')
    await page.goBack()
    await step(page, 1)
    // A reload: the answers come from the server.
    await page.reload()
    await step(page, 1)
    expect(await page.getByLabel(T('wizard:fields.job_name')).inputValue()).toBe('Engineer')
    expect(await page.getByLabel(T('wizard:fields.date_of_birth')).inputValue()).toBe('1985-03-09')
    await screenshot(page, `season-wizard-restored-${width}`)
    expect(await axe(page)).toEqual([])

    // A new visit to the wizard opens the furthest step reached, with its answers.
    await page.goto('/')
    await page.goto('/profile?setup=tax')
    await step(page, 3)
    await page.getByRole('button', { name: T('wizard:back') }).click()
    await step(page, 2)
    expect(await page.getByRole('button', { name: /Zürich\s*ZH/ }).getAttribute('aria-pressed')).toBe('true')
    // An address further on than the saved step opens the saved step (the one gone back to) instead.
    await page.goto('/profile?setup=tax&step=9')
    await step(page, 2)
    expect(new URL(page.url()).searchParams.get('step')).toBe('2')
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)

  test('advanced information: the wizard’s answers, one Finish that needs the power of attorney saved and ' +
    'valid, and a lock that stays readable', async () => {
    const { context, page, errors } = await signedIn(width, `advanced.${width}@example.ch`)
    await registerViaApi(page)
    const saved = await page.evaluate(() =>
      fetch('/api/user/profile', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          cantonOfResidence: 'zurich',
          maritalStatus: 'married',
          hasChildren: true,
          numberOfChildren: 2,
          childrenAges: [9, 5],
          employmentType: 'employed',
          city: 'Zürich',
          street: 'Seestrasse 12',
          zipCode: '8002',
        }),
      }).then((r) => r.status),
    )
    expect(saved).toBe(200)
    await page.goto('/advanced-tax-info')
    const tab = (id: string) =>
      page.getByRole('tab', { name: T(width < 768 ? `advanced:tabs_short.${id}` : `advanced:tabs.${id}`), exact: true })
    await tab('overview').waitFor()
    const toggle = (id: string) =>
      page.getByRole('switch', {
        name: T('advanced:overview.toggle_label', { section: T(`advanced:sections.${id}.title`) }),
      })
    // Married with two children: both sections start on, the children form with two entries.
    expect(await toggle('spouse').isChecked()).toBe(true)
    expect(await toggle('children').isChecked()).toBe(true)
    await page.getByText(T('advanced:missing.spouse')).waitFor()
    await tab('children').click()
    await page.getByRole('group', { name: T('advanced:children.child_n', { n: 2 }) }).waitFor()
    expect(await page.getByRole('group', { name: T('advanced:children.child_n', { n: 3 }) }).count()).toBe(0)
    await screenshot(page, `season-advanced-children-${width}`)

    // The spouse; the children switched off for this test (the form is tested elsewhere).
    await tab('spouse').click()
    const spouseForm = page.locator('form[aria-labelledby="spouse-heading"]')
    await spouseForm.getByLabel(T('advanced:spouse.first_name')).fill('Marc')
    await spouseForm.getByLabel(T('advanced:spouse.last_name')).fill('Muster')
    await spouseForm.getByLabel(T('advanced:spouse.occupation')).fill('Architect')
    await spouseForm.getByLabel(T('advanced:spouse.ahv')).pressSequentially('7569217076985')
    await spouseForm.getByRole('button', { name: T('advanced:spouse.save') }).click()
    await page.getByText(T('advanced:spouse.saved')).first().waitFor()
    await tab('overview').click()
    await toggle('children').click()
    await page.waitForFunction(() =>
      document.querySelector('[data-section="children"]')?.classList.contains('disabled'),
    )

    // The power of attorney with a tax ID of the wrong format, not saved: Finish saves it first and stops at the field.
    await tab('authorization').click()
    await page.getByRole('switch', { name: T('advanced:authorization.poa_toggle') }).check()
    const tin = page.locator('input[name="tinNumber"]')
    await tin.pressSequentially('1234')
    await page.getByLabel(T('advanced:authorization.accept')).check()
    // No separate switch before the one action.
    expect(await page.getByRole('switch', { name: /Section Complete/ }).count()).toBe(0)
    await page.getByRole('button', { name: T('advanced:page.finish') }).click()
    await page.locator('#tinNumber-error').waitFor()
    expect(await tin.getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator('#tinNumber-error').textContent()).toContain('XXX.XXX.XXX')
    const info = async () => (await page.request.get(`/api/advanced?taxYear=${YEAR}`)).json()
    expect((await info()).completed).toBe(false)
    expect((await info()).authorization).toBeNull()
    await screenshot(page, `season-advanced-tin-error-${width}`)

    // Corrected: the same one action saves it and finishes.
    await tin.fill('')
    await tin.pressSequentially('123456789')
    await page.getByRole('button', { name: T('advanced:page.finish') }).click()
    await page.getByText(T('advanced:page.finished_text')).first().waitFor()
    const done = await info()
    expect(done.completed).toBe(true)
    expect(done.authorization).toMatchObject({ tinNumber: '123.456.789', powerOfAttorneyAccepted: true })

    // Locked, and readable: every tab opens, the saved values are shown, nothing can be changed.
    await page.getByText(T('advanced:page.locked_readable')).waitFor()
    await tab('spouse').click()
    expect(await page.locator('input[name="firstName"]').inputValue()).toBe('Marc')
    expect(await page.locator('input[name="firstName"]').isDisabled()).toBe(true)
    await tab('authorization').click()
    expect(await tin.inputValue()).toBe('123.456.789')
    expect(await tin.isDisabled()).toBe(true)
    await screenshot(page, `season-advanced-locked-${width}`)
    expect(await axe(page)).toEqual([])

    // The PDF is made from what was saved: the tax ID, and the spouse by name.
    const pdf = await page.request.get(`/api/advanced/power-of-attorney.pdf?taxYear=${YEAR}&lang=en`)
    const text = (await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true }))
      .text
    expect(text).toContain('123.456.789')
    expect(text).toContain('Marc Muster')

    // Reopen: the fields are open again.
    await page.getByRole('button', { name: T('advanced:page.reopen') }).click()
    await page.getByRole('button', { name: T('advanced:page.finish') }).waitFor()
    expect(await tin.isDisabled()).toBe(false)
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)

  test('after transmitting, a forgotten document can still be added and a message can carry one; the expert ' +
    'sees both as new until one expert opens the year or marks them seen', async () => {
    const { context, page, errors } = await signedIn(width, `late.${width}@example.ch`)
    await registerViaApi(page)
    const me = await (await page.request.get('/api/user')).json()
    const expert = await expertSession()
    await adminSetStatus(stack.server.url, expert, me.id, YEAR, 4)
    await page.goto('/')
    await page.getByText(T('home:documents.transmitted_title')).waitFor()
    await page.getByText(T('documents:upload.late_note')).waitFor()

    // The dashboard's upload is open: a forgotten insurance certificate.
    await page.getByRole('button', { name: new RegExp(T('documents:upload.upload_files')) }).click()
    const picker = page.getByRole('dialog', { name: T('documents:upload.choose_category') })
    await picker.getByLabel(T('documents:upload.category_label')).selectOption('4')
    const chooser = page.waitForEvent('filechooser')
    await picker.getByRole('button', { name: T('documents:upload.continue') }).click()
    await (await chooser).setFiles(pdfFile('versicherung.pdf'))
    await page.getByText(T('documents:upload.success_title')).first().waitFor()

    // A message with a document.
    await page.getByLabel(T('home:message.label')).fill('Here is the pillar 3a certificate I forgot.')
    await page.getByLabel(T('home:message.attach_label')).setInputFiles(pdfFile('saeule-3a.pdf'))
    await page.getByRole('button', { name: T('home:message.send'), exact: true }).click()
    await page.getByRole('link', { name: T('home:message.attachment', { name: 'saeule-3a.pdf' }) }).waitFor()
    await screenshot(page, `season-late-home-${width}`)
    expect(await axe(page)).toEqual([])
    const files = (await (await page.request.get(`/api/files?taxYear=${YEAR}`)).json()) as {
      filename: string
      afterTransmission: boolean
    }[]
    expect(Object.fromEntries(files.map((f) => [f.filename, f.afterTransmission]))).toEqual({
      'versicherung.pdf': true,
      'saeule-3a.pdf': true,
    })

    // The expert, before anyone opened the client: the two documents are new in the client list (a table at a desk,
    // cards on a phone) and in the inbox, where the message shows its document, which opens.
    const admin = await stack.browser.newContext({
      baseURL: stack.server.url,
      viewport: { width, height: 800 },
      reducedMotion: 'reduce',
      locale: 'en-GB',
    })
    const [name, value] = expert.split('=') as [string, string]
    await admin.addCookies([{ name, value, url: stack.server.url }])
    const adminPage = await admin.newPage()
    adminPage.on('pageerror', (e) => errors.push(e.message))
    const row = adminPage
      .locator('.clients-table tr, .client-card')
      .filter({ hasText: `late.${width}@example.ch` })
      .filter({ visible: true })
    await adminPage.goto('/admin')
    await row.getByText(T('admin:clients.late_files', { count: 2 })).waitFor()
    await adminPage.goto('/admin?tab=inbox')
    const message = adminPage
      .locator('.inbox article')
      .filter({ has: adminPage.locator(`a[href="/admin/clients/${me.id}"]`) })
      .filter({ hasText: 'Here is the pillar 3a certificate I forgot.' })
    const inboxLink = message.getByRole('link', { name: T('admin:messages.attachment', { name: 'saeule-3a.pdf' }) })
    expect((await adminPage.request.get((await inboxLink.getAttribute('href'))!)).status()).toBe(200)
    const late = adminPage.getByRole('region', { name: T('admin:inbox.late_heading') }).getByRole('listitem')
    const client = late.filter({ has: adminPage.locator(`a[href="/admin/clients/${me.id}?taxYear=${YEAR}"]`) })
    expect(await client.textContent()).toStartWith(
      `Anna Muster${T('admin:client.new_after_transmission')} ${YEAR}: 2 documents, the last on `,
    )
    expect(await axe(adminPage)).toEqual([])
    await screenshot(adminPage, `season-late-inbox-${width}`)

    // Opening the client's year from the inbox: both documents marked new, said once above the cards, the message
    // with its document; and with that they are seen for the team (issue 25: a client stayed in the inbox until 50
    // newer arrived).
    await client.getByRole('link').click()
    const newBadge = adminPage.getByText(T('admin:client.new_after_transmission'), { exact: true })
    await newBadge.first().waitFor()
    expect(await newBadge.count()).toBe(2)
    const link = adminPage.getByRole('link', { name: T('admin:messages.attachment', { name: 'saeule-3a.pdf' }) })
    await link.waitFor()
    const opened = await adminPage.request.get((await link.getAttribute('href'))!)
    expect(opened.status()).toBe(200)
    await adminPage.getByText(T('admin:client.late_notice', { count: 2 })).waitFor()
    await screenshot(adminPage, `season-late-expert-${width}`)
    await adminPage.getByRole('link', { name: T('admin:client.back') }).click()
    await adminPage.goto('/admin?tab=inbox')
    await adminPage.locator('#late-heading').waitFor()
    await client.waitFor({ state: 'detached' })
    await adminPage.goto('/admin')
    await row.waitFor()
    expect(await row.getByText(T('admin:clients.late_files', { count: 2 })).count()).toBe(0)
    // Opened again: no longer new; each says when it was seen and by whom.
    await adminPage.goto(`/admin/clients/${me.id}?taxYear=${YEAR}`)
    const seen = adminPage.locator('.late-seen').filter({ hasText: 'expert@example.ch' })
    await seen.first().waitFor()
    expect([await seen.count(), await newBadge.count()]).toEqual([2, 0])
    expect(await adminPage.locator('.late-notice').count()).toBe(0)

    // One more forgotten document: new again in the inbox, and "Mark as seen" there takes it out without opening.
    await page.goto('/')
    await page.getByRole('button', { name: new RegExp(T('documents:upload.upload_files')) }).click()
    await picker.getByLabel(T('documents:upload.category_label')).selectOption('5')
    const another = page.waitForEvent('filechooser')
    await picker.getByRole('button', { name: T('documents:upload.continue') }).click()
    await (await another).setFiles(pdfFile('spende.pdf'))
    await page.getByText(T('documents:upload.success_title')).first().waitFor()
    await adminPage.goto('/admin?tab=inbox')
    expect(await client.textContent()).toStartWith(
      `Anna Muster${T('admin:client.new_after_transmission')} ${YEAR}: 1 document, the last on `,
    )
    await client
      .getByRole('button', { name: T('admin:inbox.mark_seen_label', { name: 'Anna Muster', year: YEAR }) })
      .click()
    await adminPage.getByText(T('admin:inbox.marked_seen', { name: 'Anna Muster', year: YEAR })).waitFor()
    await client.waitFor({ state: 'detached' })
    // The audit log says both, in words, for this client.
    await adminPage.goto('/admin?tab=audit')
    await adminPage.getByLabel(T('admin:audit.user')).fill(String(me.id))
    await adminPage.getByLabel(T('admin:audit.event')).selectOption('admin_late_seen')
    // Only this client's two entries once both filters have answered (a table at a desk, cards on a phone).
    await adminPage.waitForFunction((sentence) => {
      const rows = [...document.querySelectorAll<HTMLElement>('.audit-table tbody tr, .audit-cards li')].filter(
        (r) => r.offsetParent !== null,
      )
      return rows.length === 2 && rows.every((r) => r.textContent?.includes(sentence))
    }, T('admin:audit.events.admin_late_seen'))
    expect(errors).toEqual([])
    await admin.close()
    await context.close()
  }, 120_000)
})
