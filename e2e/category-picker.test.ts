// The category picker filtered by the tax cards (issue 12) against the built executable: a single
// person without children, property or investments sees the required documents and "other" only,
// with a way to see every section; a married person with children and a property sees the spouse,
// children and real-estate sections too. axe-clean at 360 px; screenshots in English and German.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { axe, newContext, registerViaApi, screenshot, signInThroughUi, startStack, type Stack } from './harness'

let stack: Stack
beforeAll(async () => {
  stack = await startStack()
})
afterAll(() => stack?.stop())

const groups = (page: Page) =>
  page.locator('#category-picker-select optgroup').evaluateAll((els) => els.map((e) => e.getAttribute('label')))

async function openPicker(page: Page, button = 'Upload files') {
  await page.goto('/')
  await page.locator('.loading-overlay').waitFor({ state: 'detached' })
  await page.getByRole('button', { name: button }).click()
  await page.locator('#category-picker-select').waitFor()
}

async function person(page: Page, email: string, answers: Record<string, unknown>) {
  await signInThroughUi(page, stack.smtp, email)
  await page.waitForURL('**/profile?firstTime=true')
  await registerViaApi(page)
  const status = await page.evaluate(
    (body) =>
      fetch('/api/user/profile', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.status),
    answers,
  )
  expect(status).toBe(200)
}

test('a single person without children sees the sections that apply, and can show all', async () => {
  const context = await newContext(stack.browser, { baseURL: stack.server.url, width: 360 })
  const page = await context.newPage()
  await person(page, 'lena.frei@example.ch', { maritalStatus: 'individual', hasChildren: false, propertyOwner: false })
  await openPicker(page)
  expect(await groups(page)).toEqual(['Required documents', 'Other deductions and documents'])
  await page.getByText('Only the sections that apply to you are listed', { exact: false }).waitFor()
  expect(await axe(page)).toEqual([])
  await screenshot(page, 'picker-filtered-en-360')
  await page.getByLabel('Show all categories').check()
  expect(await groups(page)).toEqual([
    'Required documents',
    'Investments',
    'Real estate',
    'Foreign income',
    'Other deductions and documents',
    'Spouse or partner',
    'Children',
  ])
  // A child's category chosen from the full list is kept as the choice while the list stays full.
  await page.getByLabel('Document category', { exact: true }).selectOption({ label: 'Child: Birth Certificate' })
  expect(await page.getByLabel('Document category', { exact: true }).inputValue()).not.toBe('')
  // Narrowing the list again drops a choice that is no longer listed.
  await page.getByLabel('Show all categories').uncheck()
  expect(await page.getByLabel('Document category', { exact: true }).inputValue()).toBe('')
  if (process.env.SCREENSHOTS) {
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'de'))
    await openPicker(page, 'Dateien hochladen')
    await screenshot(page, 'picker-filtered-de-360')
    await page.setViewportSize({ width: 1280, height: 900 })
    await screenshot(page, 'picker-filtered-de-1280')
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'))
  }
  await context.close()
}, 120_000)

test('married with children and a property: the spouse, children and real-estate sections are listed', async () => {
  const context = await newContext(stack.browser, { baseURL: stack.server.url, width: 1280, height: 900 })
  const page = await context.newPage()
  await person(page, 'marco.rossi@example.ch', {
    maritalStatus: 'married',
    hasChildren: true,
    numberOfChildren: 1,
    childrenAges: [4],
    propertyOwner: true,
    numberOfProperties: 1,
  })
  await openPicker(page)
  expect(await groups(page)).toEqual([
    'Required documents',
    'Real estate',
    'Other deductions and documents',
    'Spouse or partner',
    'Children',
  ])
  expect(await axe(page)).toEqual([])
  await screenshot(page, 'picker-family-en-1280')
  await context.close()
}, 120_000)
