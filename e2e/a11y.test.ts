// Accessibility of the public screens with axe-core: labels, contrast, roles, at 360 px and desktop.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import AxeBuilder from '@axe-core/playwright'
import type { Browser } from 'playwright-core'
import { launchBrowser, newContext, startServer } from './harness'

let server: Awaited<ReturnType<typeof startServer>>
let browser: Browser
beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const serious = (violations: { id: string; impact?: string | null; nodes: { target: unknown }[] }[]) =>
  violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target) }))

for (const width of [360, 1280]) {
  test(`login, legal and not-found pages have no serious axe violations at ${width} px`, async () => {
    const context = await newContext(browser, { baseURL: server.url, width })
    const page = await context.newPage()
    for (const [path, ready] of [
      ['/login', 'E-mail address'],
      ['/terms-and-conditions', 'Language'],
      ['/nowhere', null],
    ] as const) {
      await page.goto(path)
      if (ready) await page.getByLabel(ready).first().waitFor()
      else await page.getByRole('heading', { level: 1 }).waitFor()
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
      expect({ path, violations: serious(result.violations) }).toEqual({ path, violations: [] })
    }
    // Keyboard: Tab reaches the e-mail field and the focus is visible.
    await page.goto('/login')
    await page.getByLabel('E-mail address').waitFor()
    let focused = ''
    for (let i = 0; i < 6 && focused !== 'login-email'; i++) {
      await page.keyboard.press('Tab')
      focused = await page.evaluate(() => document.activeElement?.id ?? '')
    }
    expect(focused).toBe('login-email')
    const outline = await page.evaluate(
      () =>
        getComputedStyle(document.activeElement!).outlineStyle + getComputedStyle(document.activeElement!).boxShadow,
    )
    expect(outline).not.toBe('nonenone')
    await context.close()
  }, 60_000)
}
