// Look fixes of issue 12's last review, against the built executable: in the dashboard's narrow status
// column (1024 and 1280 px, German) no step label breaks mid-word ("Abgeschlossen" stays whole), and the
// header's links are in the link colour, not the brand red (that is for the brand and the primary action).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { newContext, registerViaApi, signInThroughUi, startStack, type Stack } from './harness'

let stack: Stack
beforeAll(async () => {
  stack = await startStack()
})
afterAll(() => stack?.stop())

const BRAND_RED = 'rgb(191, 31, 37)'
const LINK_BLUE = 'rgb(30, 64, 175)'

test('status steps keep whole words in the narrow column; header links are not brand red', async () => {
  const context = await newContext(stack.browser, { baseURL: stack.server.url, width: 1024, height: 900 })
  const page = await context.newPage()
  await signInThroughUi(page, stack.smtp, 'ruth.bieri@example.ch')
  await page.waitForURL('**/profile?firstTime=true')
  await registerViaApi(page, { firstName: 'Ruth', lastName: 'Bieri' })
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'de'))
  for (const width of [1024, 1280, 768, 360]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/')
    await page.locator('.loading-overlay').waitFor({ state: 'detached' })
    await page.getByText('Abgeschlossen', { exact: true }).waitFor()
    // A label broken inside a word is taller than one line; each of these labels is one word.
    const lines = await page.locator('.step-label').evaluateAll((els) =>
      els
        .filter((e) => !/\s/.test(e.textContent ?? ''))
        .map((e) => ({
          text: e.textContent,
          lines: Math.round(e.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(e).lineHeight)),
        })),
    )
    expect(lines.find((l) => l.text === 'Abgeschlossen')).toEqual({ text: 'Abgeschlossen', lines: 1 })
    expect({ width, broken: lines.filter((l) => l.lines > 1) }).toEqual({ width, broken: [] })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  const profile = page.locator('.app-header .menu-inline').getByRole('link', { name: 'Profil' })
  const colour = await profile.evaluate((e) => getComputedStyle(e).color)
  expect(colour).not.toBe(BRAND_RED)
  expect(colour).toBe(LINK_BLUE)
  await context.close()
}, 120_000)
