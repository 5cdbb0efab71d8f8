// The expert workspace end to end against the built executable (issue 11): an expert
// signs in (ADMIN_EMAILS) and lands on /admin, finds a client at status 4 by name,
// opens a document, answers the message and moves the client to 5 with a note; the
// client sees the reply, the note and status 5 and gets both mails in German with the
// link; a user opening /admin sees Access Denied. axe at 360 px and desktop. The expert
// reads what recognition found in a client's salary statement: category, fields, the text.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import {
  adminSetStatus,
  newContext,
  registerViaApi,
  screenshot,
  signInThroughUi,
  startStack,
  type Stack,
} from './harness'
import { makeDoc } from '../src/server/recognition/corpus/kinds'
import { rng } from '../src/server/recognition/corpus/people'
import { textPdf } from '../src/server/recognition/corpus/pdf'

let stack: Stack
const ADMIN = 'expert@swisstax.test'
const CLIENT = 'lea.brunner@example.ch'
const YEAR = new Date().getFullYear() - 1
/** The expert's session from the first test (a second code within 60 s would be a 429). */
let expertCookie: { name: string; value: string } | undefined

beforeAll(async () => {
  stack = await startStack({ ADMIN_EMAILS: ADMIN })
})
afterAll(() => stack?.stop())

/** A mail's quoted-printable text as UTF-8, so the test can look for words. */
function decodeQp(raw: string) {
  const soft = raw.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === '=' && /^[0-9A-F]{2}$/.test(soft.slice(i + 1, i + 3)) ? soft.slice(i + 1, i + 3) : null
    if (hex) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else bytes.push(...new TextEncoder().encode(soft[i]!))
  }
  return new TextDecoder().decode(new Uint8Array(bytes))
}

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target) }))
}

/** A registered client (German) at status 4 with one salary statement and one message. */
async function clientAtStatus4(page: Page, adminCookie: string) {
  await signInThroughUi(page, stack.smtp, CLIENT)
  await page.waitForURL('**/profile?firstTime=true')
  await registerViaApi(page, { firstName: 'Lea', lastName: 'Brunner' })
  const user = (await page.evaluate(() => fetch('/api/user').then((r) => r.json()))) as { id: number }
  await adminSetStatus(stack.server.url, adminCookie, user.id, YEAR, 2)
  const answers = await page.evaluate(async (year) => {
    const pdf = new TextEncoder().encode(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% Lohnausweis\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    )
    const hash = [...new Uint8Array(await crypto.subtle.digest('SHA-256', pdf))]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('')
    const form = new FormData()
    form.append('files', new File([pdf], 'lohnausweis.pdf', { type: 'application/pdf' }))
    form.append('hashes[]', hash)
    form.append('categoryId', '1')
    form.append('taxYear', String(year))
    const json = (method: string, body: unknown) => ({
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return [
      (await fetch('/api/files/upload', { method: 'POST', body: form })).status,
      (await fetch('/api/send-message', json('POST', { message: 'Ist mein Lohnausweis lesbar?' }))).status,
      (await fetch('/api/user/language', json('PUT', { language: 'de' }))).status,
      // Answers the expert's page must say in words (issue 25), not as stored codes.
      (
        await fetch(
          '/api/user/profile',
          json('PUT', {
            salutation: 'mrs',
            dateOfBirth: '1990-04-01',
            cantonOfResidence: 'zurich',
            maritalStatus: 'married',
            employmentType: 'self-employed',
          }),
        )
      ).status,
    ]
  }, YEAR)
  expect(answers).toEqual([200, 200, 200, 200])
  await adminSetStatus(stack.server.url, adminCookie, user.id, YEAR, 4)
  return user
}

test('an expert finds a client at status 4, reads the document, answers and moves to 5 with a note; the client sees ' +
  'it and gets the mails', async () => {
  const context = await newContext(stack.browser, { baseURL: stack.server.url, width: 1280, height: 900 })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await signInThroughUi(page, stack.smtp, ADMIN)
  // Experts land on /admin and are never asked to register as a client.
  await page.waitForURL('**/admin')
  await page.getByRole('heading', { name: 'Expert workspace' }).waitFor()
  const session = (await context.cookies()).find((c) => c.name.includes('session'))!
  expertCookie = { name: session.name, value: session.value }

  const clientContext = await newContext(stack.browser, { baseURL: stack.server.url, width: 360 })
  const clientPage = await clientContext.newPage()
  const client = await clientAtStatus4(clientPage, `${session.name}=${session.value}`)
  await page.reload()
  await page.getByRole('heading', { name: 'Expert workspace' }).waitFor()
  await page.getByLabel('Search by name or e-mail').fill('Brunner')
  await page.getByLabel('Status', { exact: true }).selectOption('4')
  const row = page.locator('.clients-table tbody tr', { hasText: 'Lea Brunner' })
  await row.waitFor()
  expect(await page.locator('.clients-table tbody tr').count()).toBe(1)
  expect(await row.textContent()).toContain('Transmitted')
  expect(await row.getByText('1 unanswered message', { exact: true }).count()).toBe(1)
  await screenshot(page, 'admin-clients-1280')
  expect(await axe(page)).toEqual([])
  await row.getByRole('link', { name: 'Lea Brunner' }).click()

  await page.waitForURL(`**/admin/clients/${client.id}?taxYear=${YEAR}`)
  await page.getByRole('heading', { name: 'Lea Brunner', level: 1 }).waitFor()
  expect(await page.locator('.status-tracker li[aria-current="step"]').textContent()).toContain('64%')
  // Open the document: the stored bytes come back, and the download is audited.
  const view = page.getByRole('link', { name: 'View lohnausweis.pdf' })
  const [popup] = await Promise.all([page.waitForEvent('popup'), view.click()])
  await popup.waitForLoadState()
  expect(popup.url()).toContain('/content')
  await popup.close()
  // Chromium's PDF viewer wraps the bytes in the tab: read them with the expert's session instead.
  const served = await page.request.get((await view.getAttribute('href'))!)
  expect(served.status()).toBe(200)
  expect((await served.body()).toString('utf8')).toContain('% Lohnausweis')
  await page.getByText('Ist mein Lohnausweis lesbar?').waitFor()
  await screenshot(page, 'admin-client-1280')
  expect(await axe(page)).toEqual([])

  await page.getByLabel('Your reply').fill('Ja, er ist gut lesbar. Wir prüfen ihn jetzt.')
  await page.getByRole('button', { name: 'Send reply' }).click()
  await page.getByText('Reply sent').waitFor()
  // The spec's demo controls are not on a real client's page (docs/experts.md): one deliberate, confirmed move.
  for (const name of ['Next', 'Previous', 'Auto Advance', 'Start Loop'])
    expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0)
  await page.getByLabel('Tax status').selectOption('5')
  await page.getByLabel('Note to the client (optional)').fill('Bitte Seite 2 noch unterschreiben.')
  await page.getByRole('button', { name: 'Change status…' }).click()
  const confirm = page.getByRole('dialog', { name: 'Change the status of Lea Brunner?' })
  await confirm.waitFor()
  expect(await confirm.textContent()).toContain(`Tax year ${YEAR}: from «Transmitted» to «Under Review».`)
  expect(await confirm.textContent()).toContain(`by e-mail (${CLIENT})`)
  await screenshot(page, 'admin-status-confirm-1280')
  expect(await axe(page)).toEqual([])
  await confirm.getByRole('button', { name: 'Change status' }).click()
  await page.getByText('Status of Lea Brunner changed to «Under Review»').first().waitFor()
  await page.locator('.status-tracker li[aria-current="step"]', { hasText: '82%' }).waitFor()
  // The move is said beside the controls too, with who was told and how (issue 25: no lasting feedback).
  const said = await page.locator('.status-moved').textContent()
  expect(said).toContain('Status of Lea Brunner changed to «Under Review»')
  expect(said).toContain('Lea Brunner has been told in the app and by e-mail. Your note is on their status card.')

  // The client page in the interface's language (issue 25): German answers, a German date, German categories, no
  // stored codes or internal names.
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'de'))
  await page.reload()
  await page.getByRole('heading', { name: 'Lea Brunner', level: 1 }).waitFor()
  const profile = page.locator('section[aria-labelledby="profile-heading"]')
  await profile.getByText('Zivilstand').waitFor()
  const fact = async (label: string) =>
    (
      await profile
        .locator('dt', { hasText: new RegExp(`^${label}$`) })
        .locator('+ dd')
        .textContent()
    )?.trim()
  expect(await fact('Anrede')).toBe('Frau')
  expect(await fact('Geburtsdatum')).toBe('1. April 1990')
  expect(await fact('Wohnkanton')).toBe('Zürich')
  expect(await fact('Zivilstand')).toBe('Verheiratet / eingetragene Partnerschaft')
  expect(await fact('Erwerbstätigkeit')).toBe('Selbständig')
  expect(await profile.textContent()).not.toMatch(/zurich|self-employed|married|\bmrs\b|1990-04-01|personalInfo/)
  await page.locator('section[aria-labelledby="documents-heading"] h3', { hasText: 'Lohnausweis' }).waitFor()
  await page
    .locator('section[aria-labelledby="checklist-heading"]')
    .getByText(/Lohnausweis/)
    .waitFor()
  expect(await page.locator('main').textContent()).not.toContain('Salary Statement')
  await screenshot(page, 'admin-client-de-1280')
  await page.setViewportSize({ width: 360, height: 800 })
  await screenshot(page, 'admin-client-de-360')

  // The client: status 5, the reply and the note in the bell.
  await clientPage.goto('/')
  await clientPage.locator('.loading-overlay').waitFor({ state: 'detached' })
  // The screen is in the browser's language (English); the mails follow the account's (German).
  await clientPage.locator('[data-status]').filter({ hasText: 'Under Review' }).waitFor()
  // The expert's note on the status card, labelled as theirs (issue 25: it was only in the bell).
  const note = clientPage.getByRole('complementary', { name: 'Note from your expert' })
  await note.getByText('Bitte Seite 2 noch unterschreiben.', { exact: true }).waitFor()
  await screenshot(clientPage, 'home-expert-note-360')
  await clientPage.locator('.bell-button').click()
  await clientPage.getByText('Their note: “Bitte Seite 2 noch unterschreiben.”', { exact: false }).waitFor()
  // The reply: quoted in the bell, and in full in the conversation under the message box.
  await clientPage.getByText('“Ja, er ist gut lesbar. Wir prüfen ihn jetzt.”', { exact: true }).waitFor()
  await clientPage.getByText('Ja, er ist gut lesbar. Wir prüfen ihn jetzt.', { exact: true }).waitFor()
  await screenshot(clientPage, 'admin-client-sees-note-360')

  // One mail for the reply and one for the move to 5, in German, with the link, without the reply's or the note's text.
  // (The set-up's own moves to 2 and 4, without a note, are one more mail once the status has settled.)
  const clientMails = () => stack.smtp.mails.filter((m) => m.to === CLIENT).map((m) => decodeQp(m.raw))
  const until = Date.now() + 15_000
  const reply = () =>
    clientMails().filter((b) => b.includes('Eine unserer Fachpersonen hat Ihre Nachricht beantwortet'))
  const moved = () => clientMails().filter((b) => b.includes(`Steuererklärung ${YEAR} auf «In Prüfung» gesetzt`))
  while ((reply().length < 1 || moved().length < 1) && Date.now() < until) await Bun.sleep(100)
  expect([reply().length, moved().length]).toEqual([1, 1])
  for (const body of [...reply(), ...moved()]) {
    expect(body).toContain(stack.server.url)
    expect(body).toContain('Guten Tag Lea Brunner')
    expect(body).not.toContain('unterschreiben')
    expect(body).not.toContain('lesbar')
  }
  expect(moved()[0]).toContain('Notiz')
  expect(errors).toEqual([])
  await context.close()
  await clientContext.close()
}, 120_000)

test('at 360 px the list is cards and the workspace is axe-clean; the board shows the six statuses', async () => {
  const context = await newContext(stack.browser, { baseURL: stack.server.url, width: 360 })
  await context.addCookies([{ ...expertCookie!, url: stack.server.url }])
  const page = await context.newPage()
  await page.goto('/admin')
  await page.getByRole('heading', { name: 'Expert workspace' }).waitFor()
  await page.locator('.client-cards .client-card').first().waitFor()
  expect(await page.locator('.clients-table').isVisible()).toBe(false)
  await screenshot(page, 'admin-clients-360')
  expect(await axe(page)).toEqual([])
  await page.getByRole('link', { name: 'Board' }).click()
  await page.locator('.board-column').nth(5).waitFor()
  expect(await page.locator('.board-column > h3').allTextContents()).toHaveLength(6)
  await screenshot(page, 'admin-board-360')
  expect(await axe(page)).toEqual([])
  // The audit log in words (issue 25): sentences and details, never the raw event names; on a phone a list of
  // entries, not a six-column table squeezed into 360 px.
  await page.getByRole('link', { name: 'Audit' }).click()
  const log = page.locator('.audit-cards')
  await log.getByRole('listitem').getByText('Signed in', { exact: true }).first().waitFor()
  await log.getByRole('listitem').getByText('Changed a client’s tax status', { exact: true }).first().waitFor()
  expect(await log.textContent()).not.toMatch(/\b(sign_in|status_set|admin_[a-z_]+)\b|[{}"]/)
  expect(await page.locator('.audit-table').isVisible()).toBe(false)
  expect(await page.getByLabel('Event').locator('option').allTextContents()).toContain('Looked at the client list')
  await screenshot(page, 'admin-audit-360')
  expect(await axe(page)).toEqual([])
  await page.getByRole('link', { name: 'System' }).click()
  await page.getByText('Environment').waitFor()
  await page.getByText('Production', { exact: true }).waitFor()
  // No prototype leftovers in production (issue 25): no debug panel or development tools, no demo link, no migration
  // names (the schema in words).
  await page.getByText(/^Up to date \(\d+ updates, the latest on .+\)$/).waitFor()
  expect(await page.getByRole('heading', { name: 'Debug panel' }).count()).toBe(0)
  expect(await page.getByText('Development tools').count()).toBe(0)
  expect(await page.getByRole('link', { name: 'Tax Card Demo' }).count()).toBe(0)
  expect(await page.locator('main').textContent()).not.toMatch(/\d{4}_[a-z]/)
  await screenshot(page, 'admin-system-360')
  expect(await axe(page)).toEqual([])
  await context.close()
}, 120_000)

test('the expert sees what recognition read from a salary statement: category, fields and the text', async () => {
  // A real text PDF from the recognition corpus generator (invented person and employer).
  const doc = makeDoc('salary', 'de', rng(31), YEAR)
  const pdf = [...(await textPdf(doc))]
  const clientContext = await newContext(stack.browser, { baseURL: stack.server.url, width: 360 })
  const clientPage = await clientContext.newPage()
  await signInThroughUi(clientPage, stack.smtp, 'marco.keller@example.ch')
  await clientPage.waitForURL('**/profile?firstTime=true')
  await registerViaApi(clientPage, { firstName: 'Marco', lastName: 'Keller' })
  const user = (await clientPage.evaluate(() => fetch('/api/user').then((r) => r.json()))) as { id: number }
  await adminSetStatus(stack.server.url, `${expertCookie!.name}=${expertCookie!.value}`, user.id, YEAR, 2)
  const uploaded = await clientPage.evaluate(
    async ({ bytes, year }) => {
      const data = new Uint8Array(bytes)
      const hash = [...new Uint8Array(await crypto.subtle.digest('SHA-256', data))]
        .map((b) => b.toString(16).padStart(2, '0'))
        .join('')
      const form = new FormData()
      form.append('files', new File([data], 'scan-2207.pdf', { type: 'application/pdf' }))
      form.append('hashes[]', hash)
      // Filed under Bank Documents: the expert sees it is a salary statement all the same.
      form.append('categoryId', '2')
      form.append('taxYear', String(year))
      return (await fetch('/api/files/upload', { method: 'POST', body: form })).status
    },
    { bytes: pdf, year: YEAR },
  )
  expect(uploaded).toBe(200)
  await clientContext.close()

  for (const width of [1280, 360]) {
    const context = await newContext(stack.browser, { baseURL: stack.server.url, width, height: 900 })
    await context.addCookies([{ ...expertCookie!, url: stack.server.url }])
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(`/admin/clients/${user.id}?taxYear=${YEAR}`)
    await page.getByRole('heading', { name: 'Marco Keller', level: 1 }).waitFor()
    const panel = page.getByTestId('file-recognition')
    await panel.getByRole('heading', { name: 'Recognition: scan-2207.pdf (version 1)' }).waitFor()
    // The worker reads the PDF in the background; the panel asks again while it is pending.
    const category = panel.locator('dd').first()
    await category.filter({ hasText: 'Salary Statement' }).waitFor({ timeout: 60_000 })
    expect(await category.textContent()).toMatch(/Salary Statement · confidence \d+%/)
    const chf = (n: number) =>
      page.evaluate((v) => new Intl.NumberFormat('en-CH', { style: 'currency', currency: 'CHF' }).format(v), n)
    const field = (key: string) => panel.locator(`[data-field="${key}"] dd`).textContent()
    expect(await field('grossSalary')).toBe(await chf(doc.expect.grossSalary!))
    expect(await field('netSalary')).toBe(await chf(doc.expect.netSalary!))
    expect(await field('ahvNumber')).toBe(doc.expect.ahvNumber!)
    expect(await field('year')).toBe(String(YEAR))
    expect(await panel.locator('[data-field="employer"] dd').count()).toBe(1)
    expect(await panel.getByText('German', { exact: true }).count()).toBe(1)
    expect(await panel.getByText('“lohnausweis”', { exact: false }).count()).toBe(1)

    // The extracted text opens with the keyboard and is fetched then.
    const summary = panel.getByText('Extracted text', { exact: true })
    await summary.focus()
    await page.keyboard.press('Enter')
    const text = panel.locator('.extracted-text pre')
    await text.waitFor()
    expect(await text.textContent()).toContain('Bruttolohn')
    expect(await text.textContent()).toContain(doc.expect.ahvNumber!)
    await panel.scrollIntoViewIfNeeded()
    await screenshot(page, `admin-recognition-${width}`)
    if (process.env.SCREENSHOTS)
      await panel.screenshot({ path: join(process.env.SCREENSHOTS, `admin-recognition-panel-${width}.png`) })
    expect(await axe(page)).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  }
}, 180_000)

test("a move the client's data does not support asks for a second, explicit override (audited)", async () => {
  const clientContext = await newContext(stack.browser, { baseURL: stack.server.url, width: 360 })
  const clientPage = await clientContext.newPage()
  await signInThroughUi(clientPage, stack.smtp, 'nina.frei@example.ch')
  await clientPage.waitForURL('**/profile?firstTime=true')
  await registerViaApi(clientPage, { firstName: 'Nina', lastName: 'Frei' })
  const user = (await clientPage.evaluate(() => fetch('/api/user').then((r) => r.json()))) as { id: number }
  const context = await newContext(stack.browser, { baseURL: stack.server.url, width: 1280, height: 900 })
  await context.addCookies([{ ...expertCookie!, url: stack.server.url }])
  const page = await context.newPage()
  await page.goto(`/admin/clients/${user.id}?taxYear=${YEAR}`)
  await page.getByRole('heading', { name: 'Nina Frei', level: 1 }).waitFor()
  await page.getByLabel('Tax status').selectOption('4')
  await page.getByRole('button', { name: 'Change status…' }).click()
  await page
    .getByRole('dialog', { name: 'Change the status of Nina Frei?' })
    .getByRole('button', { name: 'Change status' })
    .click()
  // Nina has not finished her tax profile: the server refuses, the dialog says why and offers the override.
  const override = page.getByRole('dialog', { name: "Nina Frei's data does not support this status" })
  await override.waitFor()
  expect(await override.textContent()).toContain('The client has not finished the tax profile.')
  expect(await page.locator('.status-tracker li[aria-current="step"]').textContent()).toContain('16%')
  await screenshot(page, 'admin-status-override-1280')
  expect(await axe(page)).toEqual([])
  await override.getByRole('button', { name: 'Change anyway' }).click()
  await page.getByText('Status of Nina Frei changed to «Transmitted»').waitFor()
  await page.locator('.status-tracker li[aria-current="step"]', { hasText: '64%' }).waitFor()
  await clientContext.close()
  await context.close()
})

test('a user opening /admin sees Access Denied; no Debug button on their dashboard', async () => {
  const context = await newContext(stack.browser, { baseURL: stack.server.url, width: 360 })
  const page = await context.newPage()
  await signInThroughUi(page, stack.smtp, 'someone@example.ch')
  await page.waitForURL('**/profile?firstTime=true')
  await registerViaApi(page, { firstName: 'Sam', lastName: 'Muster' })
  await page.goto('/admin')
  await page.getByRole('heading', { name: 'Access Denied' }).waitFor()
  await page.getByText('This area is restricted to administrators only.').waitFor()
  expect(await axe(page)).toEqual([])
  await page.goto('/')
  await page.locator('.loading-overlay').waitFor({ state: 'detached' })
  // Issue 25: a prototype's Debug button on every taxpayer's dashboard; debug tools are an expert's, in development.
  await page.getByRole('button', { name: 'Upload Files' }).waitFor()
  expect(await page.getByRole('button', { name: 'Debug' }).count()).toBe(0)
  await context.close()
}, 120_000)
