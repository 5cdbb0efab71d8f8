// The plans (issue 12) against the built executable: a new client is on basic with no reminder
// about it, "Learn more" on the profile opens the plans page with the prices of PLAN_PRICES, "Ask
// for premium" lands in the experts' inbox, the expert sets premium on the client's page, and the
// client then sees premium on the plans page and in the profile. axe at 360 and 1280 px.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { axe, newContext, registerViaApi, screenshot, signInThroughUi, startStack, type Stack } from './harness'

let stack: Stack
const ADMIN = 'expert@swisstax.test'
const CLIENT = 'nora.keller@example.ch'

beforeAll(async () => {
  stack = await startStack({ ADMIN_EMAILS: ADMIN, PLAN_PRICES: 'CHF basic=90 premium=190' })
})
afterAll(() => stack?.stop())

/** Screenshots of the page in English and German at the context's width (with SCREENSHOTS=dir). */
async function shots(page: Page, name: string, width: number) {
  await screenshot(page, `${name}-en-${width}`)
  if (!process.env.SCREENSHOTS) return
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'de'))
  await page.reload()
  await page.locator('main h1').waitFor()
  await screenshot(page, `${name}-de-${width}`)
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'))
  await page.reload()
  await page.locator('main h1').waitFor()
}

test('basic at first; asking for premium reaches the expert, who sets it; the client then sees premium', async () => {
  const clientContext = await newContext(stack.browser, { baseURL: stack.server.url, width: 360 })
  const client = await clientContext.newPage()
  const errors: string[] = []
  client.on('pageerror', (e) => errors.push(e.message))
  await signInThroughUi(client, stack.smtp, CLIENT)
  await client.waitForURL('**/profile?firstTime=true')
  await registerViaApi(client, { firstName: 'Nora', lastName: 'Keller' })

  await client.goto('/profile')
  await client.getByRole('heading', { name: 'Profile', level: 1 }).waitFor()
  // Basic from the start, and no reminder to choose a plan.
  expect(await client.getByRole('radio', { name: /Basic/ }).isChecked()).toBe(true)
  expect(await client.getByText(/subscription plan chosen/i).count()).toBe(0)
  await client.getByRole('link', { name: 'Learn more about the plans' }).click()
  await client.waitForURL('**/plans')
  await client.getByRole('heading', { name: 'Basic and premium', level: 1 }).waitFor()
  expect(await client.title()).toBe('Plans · SwissTax')
  await client.getByText('Your plan: Basic').waitFor()
  const basic = client.locator('section', { has: client.getByRole('heading', { name: /^Basic/ }) })
  const premium = client.locator('section', { has: client.getByRole('heading', { name: /^Premium/ }) })
  expect(await basic.locator('.plan-price').textContent()).toMatch(/^CHF\s?90\.00 per tax year$/)
  expect(await premium.locator('.plan-price').textContent()).toMatch(/^CHF\s?190\.00 per tax year$/)
  // The formal check is premium's only.
  expect(await basic.getByText('Formal check of your documents by our experts (Not included)').count()).toBe(1)
  expect(await premium.getByText('Formal check of your documents by our experts (Included)').count()).toBe(1)
  expect(await axe(client)).toEqual([])
  await shots(client, 'plans', 360)

  await client.getByRole('button', { name: 'Ask for premium' }).click()
  await client.getByText('Request sent').waitFor()

  // The expert: the request is in the inbox; the plan is set on the client's page.
  const expertContext = await newContext(stack.browser, { baseURL: stack.server.url, width: 1280, height: 900 })
  const expert = await expertContext.newPage()
  await signInThroughUi(expert, stack.smtp, ADMIN)
  await expert.waitForURL('**/admin')
  await expert.goto('/admin?tab=inbox')
  const request = expert.locator('ol.inbox li', { hasText: 'I would like to change to the premium plan.' })
  await request.waitFor()
  await request.getByRole('link', { name: 'Nora Keller' }).click()
  await expert.getByRole('heading', { name: 'Nora Keller', level: 1 }).waitFor()
  const plan = expert.getByLabel('Subscription plan')
  expect(await plan.inputValue()).toBe('basic')
  await plan.selectOption('premium')
  await expert.getByRole('button', { name: 'Save plan' }).click()
  await expert.getByText('Plan saved').waitFor()

  // The client sees premium on the plans page and in the profile; there is nothing left to ask for.
  await client.reload()
  await client.getByText('Your plan: Premium').waitFor()
  await client.getByText('You have the premium plan.').waitFor()
  expect(await client.getByRole('button', { name: 'Ask for premium' }).count()).toBe(0)
  await client.goto('/profile')
  await client.getByRole('heading', { name: 'Profile', level: 1 }).waitFor()
  expect(await client.getByRole('radio', { name: /Premium/ }).isChecked()).toBe(true)
  expect(errors).toEqual([])
  await expertContext.close()
  await clientContext.close()
}, 120_000)

test('at 1280 px the plans sit side by side, the page does not scroll sideways and is axe-clean', async () => {
  const context = await newContext(stack.browser, { baseURL: stack.server.url, width: 1280, height: 900 })
  const page = await context.newPage()
  await signInThroughUi(page, stack.smtp, 'paul.meier@example.ch')
  await page.waitForURL('**/profile?firstTime=true')
  await registerViaApi(page, { firstName: 'Paul', lastName: 'Meier' })
  await page.goto('/plans')
  await page.getByText('Your plan: Basic').waitFor()
  const boxes = await page.locator('.plan-column').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top))
  expect(boxes).toHaveLength(2)
  expect(boxes[0]).toBe(boxes[1]!)
  // Each feature's mark (✓ or –) is drawn inside its row, not hanging out of the card (the glyph, not its box: an
  // inherited text-indent moved the glyph out of a box that stayed in place).
  const outside = await page.locator('.plan-features li').evaluateAll(
    (items) =>
      items.filter((li) => {
        const glyph = document.createRange()
        glyph.selectNodeContents(li.querySelector('span')!)
        return glyph.getBoundingClientRect().left < li.getBoundingClientRect().left
      }).length,
  )
  expect(outside).toBe(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280)
  expect(await axe(page)).toEqual([])
  await shots(page, 'plans', 1280)
  await context.close()
}, 120_000)
