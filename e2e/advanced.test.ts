// The journey of issue 10 against the built executable, in English and German, at 360 and
// 1280 px: a married person with two children and a property signs in, registers, runs the
// wizard, uploads the six required documents, fills the advanced information (spouse, two
// children, authorization with a Zürich tax ID, the power of attorney accepted and its PDF
// downloaded, an upload in a spouse category with its progress bar), finishes the section and
// transmits from the dashboard: status 4, without a single call made by hand. On the way: a
// section toggle the server refuses goes back, the lock after Finish Section, axe on each screen.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import AxeBuilder from '@axe-core/playwright'
import { extractText, getDocumentProxy } from 'unpdf'
import { screenshot, startStack, type Stack } from './harness'

let stack: Stack
const work = mkdtempSync(join(tmpdir(), 'swisstax-e2e-advanced-'))
beforeAll(async () => { stack = await startStack({ FIRM_NAME: 'Treuhand Muster AG', FIRM_ADDRESS: 'Bahnhofstrasse 1, 8001 Zürich' }) })
afterAll(async () => {
  await stack?.stop()
  rmSync(work, { recursive: true, force: true })
})

const YEAR = new Date().getFullYear() - 1

/** The interface's texts come from the locale files, so one test reads them in both languages. */
function texts(lang: 'en' | 'de') {
  const cache = new Map<string, Record<string, unknown>>()
  return (key: string, params: Record<string, string | number> = {}) => {
    const [ns, path] = key.split(':') as [string, string]
    if (!cache.has(ns)) cache.set(ns, JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8')))
    let v: unknown = cache.get(ns)
    for (const part of path.split('.')) v = (v as Record<string, unknown>)[part]
    if (typeof v !== 'string') throw new Error(`no text ${lang} ${key}`)
    return v.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(params[k]))
  }
}
const exact = (s: string) => new RegExp(`^\\s*${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`)

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }))
}

function pdfFile(name: string, kb = 1) {
  const path = join(work, name)
  writeFileSync(path, `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${name} ${'x'.repeat(kb * 1024)}\ntrailer << /Root 1 0 R >>\n%%EOF\n`)
  return path
}

const REQUIRED = [
  ['salary_statement', 'lohn.pdf'], ['bank_documents', 'bank.pdf'], ['professional_expenses', 'beruf.pdf'],
  ['insurance_certificates', 'versicherung.pdf'], ['deduction_receipts', 'belege.pdf'], ['transport', 'transport.pdf'],
] as const

describe.each([['en', 360], ['de', 1280], ['en', 1280], ['de', 360]] as const)('%s at %d px', (lang, width) => {
  test('sign-in to status 4 through the advanced information', async () => {
    const T = texts(lang)
    const context = await stack.browser.newContext({ baseURL: stack.server.url, viewport: { width, height: 860 }, reducedMotion: 'reduce', locale: lang === 'de' ? 'de-CH' : 'en-GB', acceptDownloads: true })
    await context.addInitScript((l) => { if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', l) }, lang)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    const email = `familie.${lang}.${width}@example.ch`
    const shot = (name: string) => screenshot(page, `advanced-${name}-${lang}-${width}`)

    // Sign-in and first-time registration.
    await page.goto('/login')
    await page.getByLabel(T('login:email_label')).fill(email)
    await page.getByRole('button', { name: T('login:send_code') }).click()
    await page.getByLabel(T('login:code_label')).fill(await stack.smtp.codeFor(email))
    await page.getByRole('button', { name: T('login:verify') }).click()
    await page.waitForURL('**/profile?firstTime=true')
    await page.getByLabel(T('profile:fields.first_name')).fill('Anna')
    await page.getByLabel(T('profile:fields.last_name')).fill('Muster')
    await page.getByLabel(T('profile:fields.phone')).fill('0791234567')
    await page.getByLabel(T('profile:first_time.agree')).check()
    await page.getByRole('button', { name: T('profile:first_time.submit') }).click()
    await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 })

    // The wizard: married, a property, two children, employed.
    await page.getByRole('button', { name: new RegExp(T('home:profile_button.incomplete')) }).click()
    const step = (n: number) => page.getByText(T('wizard:step_of', { current: n, total: 12 }), { exact: true }).waitFor()
    const next = page.getByRole('button', { name: T('wizard:next'), exact: true })
    await step(1)
    await page.getByLabel(T('wizard:salutation.mrs'), { exact: true }).check()
    await page.getByLabel(T('wizard:fields.religion')).selectOption('Reformed')
    await page.getByLabel(T('wizard:fields.job_name')).fill('Engineer')
    await next.click()
    await step(2)
    await page.getByRole('button', { name: /Zürich\s*ZH/ }).click()
    await next.click()
    await step(3)
    await next.click()
    await step(4)
    await page.getByLabel(T('wizard:fields.street'), { exact: true }).fill('Seestrasse 12')
    await page.getByLabel(T('wizard:fields.zip_code'), { exact: true }).fill('8002')
    await page.getByLabel(T('wizard:fields.city'), { exact: true }).fill('Zürich')
    await page.getByLabel(T('wizard:fields.gemeinde'), { exact: true }).fill('Zürich')
    await next.click()
    for (const n of [5, 6]) {
      await step(n)
      await next.click()
    }
    await step(7)
    await page.getByLabel(T('wizard:marital.married')).check()
    await next.click()
    await step(8)
    await page.getByRole('group', { name: T('wizard:questions.property') }).getByRole('button', { name: T('wizard:yes') }).click()
    await next.click()
    await step(9)
    await page.getByRole('group', { name: T('wizard:questions.children') }).getByRole('button', { name: T('wizard:yes') }).click()
    await page.getByRole('button', { name: T('wizard:add_child') }).click()
    await next.click()
    await step(10)
    await page.getByLabel(T('wizard:employment.employed'), { exact: true }).check()
    await next.click()
    await step(11)
    await page.getByRole('group', { name: T('wizard:questions.pillar3a') }).getByRole('button', { name: T('wizard:no') }).click()
    await next.click()
    await step(12)
    await page.getByRole('button', { name: T('wizard:complete') }).click()
    await page.getByText(T('wizard:saved_title')).first().waitFor()
    await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 })

    // The six required documents through the dashboard's upload, each with its category.
    for (const [key, name] of REQUIRED) {
      await page.getByRole('button', { name: new RegExp(T('documents:upload.upload_files')) }).click()
      const picker = page.getByRole('dialog', { name: T('documents:upload.choose_category') })
      await picker.getByLabel(T('documents:upload.category_label')).selectOption({ label: T(`documents:category.${key}`) })
      const chooser = page.waitForEvent('filechooser')
      await picker.getByRole('button', { name: T('documents:upload.continue') }).click()
      await (await chooser).setFiles(pdfFile(name))
      await page.getByText(T('documents:upload.success_title')).first().waitFor()
      await page.getByRole('dialog').waitFor({ state: 'detached' }).catch(() => {})
    }
    await page.getByText(T('home:status.next.documents_submitted')).waitFor({ timeout: 15_000 })
    expect(await page.getByRole('button', { name: T('home:transmit.button') }).isDisabled()).toBe(true)

    // The advanced information.
    await page.getByRole('button', { name: T('home:advanced.button') }).click()
    await page.waitForURL('**/advanced-tax-info')
    await page.getByRole('heading', { name: T('advanced:page.title'), level: 1 }).waitFor()
    const tab = (id: string) => page.getByRole('tab', { name: T(width < 768 ? `advanced:tabs_short.${id}` : `advanced:tabs.${id}`), exact: true })
    // The tax cards of a married owner with children: Overview, Authorization, Deductions, Property, Spouse, Children.
    expect(await page.getByRole('tab').count()).toBe(6)
    const toggle = (id: string) => page.getByRole('switch', { name: T('advanced:overview.toggle_label', { section: T(`advanced:sections.${id}.title`) }) })

    // A toggle the server refuses goes back, with the spec's toast.
    await page.route('**/api/advanced/sections', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'down', code: 'INTERNAL' }) }), { times: 1 })
    await toggle('investments').click()
    await page.getByText(T('advanced:overview.toggle_failed_text')).waitFor()
    expect(await toggle('investments').isChecked()).toBe(false)

    await toggle('spouse').click()
    await toggle('children').click()
    await page.waitForFunction(() => document.querySelectorAll('[data-section="spouse"]:not(.disabled), [data-section="children"]:not(.disabled)').length === 2)
    expect(await toggle('spouse').isChecked()).toBe(true)
    await shot('overview')
    expect(await axe(page)).toEqual([])

    // Spouse: the form, then a file in "Spouse: Salary Statement" with its progress bar.
    await tab('spouse').click()
    const spouseForm = page.locator('form[aria-labelledby="spouse-heading"]')
    await spouseForm.getByLabel(T('advanced:spouse.first_name')).fill('Marc')
    await spouseForm.getByLabel(T('advanced:spouse.last_name')).fill('Muster')
    await spouseForm.getByLabel(T('advanced:spouse.age')).fill('41')
    await spouseForm.getByLabel(T('advanced:spouse.occupation')).fill('Architect')
    await spouseForm.getByLabel(T('advanced:spouse.ahv')).pressSequentially('7569217076985')
    expect(await spouseForm.getByLabel(T('advanced:spouse.ahv')).inputValue()).toBe('756.9217.0769.85')
    await spouseForm.getByRole('button', { name: T('advanced:spouse.save') }).click()
    await page.getByText(T('advanced:spouse.saved')).first().waitFor()
    const spouseSalary = T('documents:category.spouse_salary_statement')
    await page.getByRole('button', { name: new RegExp(spouseSalary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click()
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: T('advanced:documents.upload', { category: spouseSalary }) }).click()
    await (await chooser).setFiles(pdfFile('lohn-marc.pdf', 300))
    const bar = page.getByTestId('upload-progress')
    await bar.waitFor()
    await page.getByText(T('advanced:documents.upload_success_text', { category: spouseSalary })).first().waitFor()
    // Percent with one decimal and the size in KB with one decimal.
    expect(await bar.textContent()).toMatch(/100\.0\s?%.*\d+\.\d KB/)
    expect(await bar.locator('progress').getAttribute('value')).toBe('100')
    await shot('spouse')
    // Cleared 2 s after success, then the file is listed.
    await bar.waitFor({ state: 'detached', timeout: 6000 })
    await page.getByRole('link', { name: 'lohn-marc.pdf' }).waitFor()
    expect(await axe(page)).toEqual([])

    // Two children.
    await tab('children').click()
    const child = (n: number) => page.getByRole('group', { name: T('advanced:children.child_n', { n }) })
    await child(1).getByLabel(T('advanced:children.first_name')).fill('Lea')
    await child(1).getByLabel(T('advanced:children.last_name')).fill('Muster')
    await child(1).getByLabel(T('advanced:children.birth_date')).fill(`${YEAR - 9}-04-02`)
    await page.getByRole('button', { name: T('advanced:children.add') }).click()
    await child(2).getByLabel(T('advanced:children.first_name')).fill('Tim')
    await child(2).getByLabel(T('advanced:children.last_name')).fill('Muster')
    await child(2).getByLabel(T('advanced:children.birth_date')).fill(`${YEAR - 5}-09-30`)
    await child(2).getByLabel(T('advanced:children.alimony')).fill('250')
    await page.getByRole('button', { name: T('advanced:children.save') }).click()
    await page.getByText(T('advanced:children.saved')).first().waitFor()
    await shot('children')
    expect(await axe(page)).toEqual([])

    // Authorization: a Zürich tax ID formatted while typing; another canton clears it.
    await tab('authorization').click()
    await page.getByRole('switch', { name: T('advanced:authorization.poa_toggle') }).check()
    const canton = page.getByLabel(T('advanced:authorization.canton'), { exact: true })
    const tin = page.getByLabel(T('advanced:authorization.tin'), { exact: true })
    expect(await canton.inputValue()).toBe('ZH')
    await tin.pressSequentially('12345678')
    expect(await tin.inputValue()).toBe('123.456.78')
    await canton.selectOption('VD')
    expect(await tin.inputValue()).toBe('')
    await canton.selectOption('ZH')
    await tin.pressSequentially('123456789')
    expect(await tin.inputValue()).toBe('123.456.789')
    const save = page.getByRole('button', { name: T('advanced:authorization.save') })
    await save.click()
    await page.getByText(T('advanced:authorization.required_title')).first().waitFor()
    await page.getByLabel(T('advanced:authorization.accept')).check()
    await save.click()
    await page.getByText(T('advanced:authorization.saved_title')).first().waitFor()
    await shot('authorization')
    expect(await axe(page)).toEqual([])
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: T('advanced:authorization.download') }).click()])
    const pdf = new Uint8Array(readFileSync((await download.path())!))
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-')
    const text = (await extractText(await getDocumentProxy(pdf), { mergePages: true })).text
    for (const part of [lang === 'de' ? 'Vollmacht' : 'Power of Attorney', 'Anna Muster', '123.456.789', 'Zürich (ZH)', 'Treuhand Muster AG']) {
      expect({ part, found: text.includes(part) }).toEqual({ part, found: true })
    }

    // Finish Section: the badge, the lock.
    await page.getByRole('switch', { name: T('advanced:page.section_complete') }).check()
    await page.getByRole('button', { name: T('advanced:page.finish') }).click()
    await page.getByText(T('advanced:page.finished_text')).first().waitFor()
    await page.getByText(T('advanced:page.locked_title')).waitFor()
    expect(await page.locator('.locked-content').getAttribute('inert')).not.toBeNull()
    // The tabs are out of reach while locked.
    expect(await page.getByRole('tab').count()).toBe(0)
    await shot('locked')
    expect(await axe(page)).toEqual([])

    // Back on the dashboard, Mark as Transmitted is enabled by the server's data.
    await page.getByRole('link', { name: exact(`← ${T('advanced:page.back')}`) }).click()
    await page.waitForURL((u) => u.pathname === '/')
    const transmit = page.getByRole('button', { name: T('home:transmit.button') })
    await page.waitForFunction((name) => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === name && !b.disabled), T('home:transmit.button'))
    await transmit.click()
    await page.getByText(T('home:transmit.success')).first().waitFor()
    await page.getByText(T('home:status.next.processing')).waitFor()
    await shot('transmitted')

    // Transmitted: the section stays locked and its toggle cannot be turned off.
    await page.goto('/advanced-tax-info')
    await page.getByText(T('advanced:page.locked_title')).waitFor()
    expect(await page.getByRole('switch', { name: T('advanced:page.section_complete') }).isDisabled()).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })
})
