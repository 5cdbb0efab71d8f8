// The camera tool against the built executable: Chromium's fake camera stands in
// for a phone's rear camera; without any camera the permission error shows.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import {
  adminSetStatus,
  apiSignIn,
  launchBrowser,
  newContext,
  screenshot,
  signInThroughUi,
  startServer,
  startSmtp,
  registerViaApi,
} from './harness'

const ADMIN = 'expert.camera@example.ch'
const YEAR = new Date().getFullYear() - 1
let smtp: Awaited<ReturnType<typeof startSmtp>>
let server: Awaited<ReturnType<typeof startServer>>
let withCamera: Browser
let withoutCamera: Browser

beforeAll(async () => {
  smtp = await startSmtp()
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN })
  withCamera = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'])
  withoutCamera = await launchBrowser()
})
afterAll(async () => {
  await withCamera?.close()
  await withoutCamera?.close()
  await server?.stop()
  await smtp?.stop()
})

/** Signed in, at status 2 (set by an expert), on the dashboard with the category chosen for the camera. */
let adminCookie: string | undefined
async function cameraOpened(page: Page, email: string) {
  adminCookie ??= await apiSignIn(server.url, smtp, ADMIN)
  const admin = adminCookie
  await signInThroughUi(page, smtp, email)
  await page.waitForURL(/\/profile/)
  await registerViaApi(page)
  const user = (await page.evaluate(() => fetch('/api/user').then((r) => r.json()))) as { id: number }
  await adminSetStatus(server.url, admin, user.id, YEAR, 2)
  await page.goto('/')
  await page.getByRole('heading', { name: 'Required Tax Documents' }).waitFor()
  await page.getByRole('button', { name: 'Take Photo' }).click()
  const picker = page.getByRole('dialog', { name: 'Choose a document category' })
  await picker.getByLabel('Document category').selectOption({ label: 'Receipts for Deductions' })
  // For the camera the picker's confirm button reads 'Take Photo'.
  await picker.getByRole('button', { name: 'Take Photo' }).click()
}

test('take photo: the camera opens, Capture uploads camera-capture-{timestamp}.jpg as a JPEG', async () => {
  const context = await newContext(withCamera, { baseURL: server.url, width: 360, height: 800 })
  await context.grantPermissions(['camera'], { origin: server.url })
  const page = await context.newPage()
  const before = Date.now()
  await cameraOpened(page, 'camera.user@example.ch')
  const camera = page.getByRole('dialog', { name: 'Take Photo' })
  await camera.waitFor()
  // The preview runs at the requested 1280x720 (the fake device honours the constraint).
  await page.waitForFunction(
    () => (document.querySelector('video.camera-preview') as HTMLVideoElement | null)?.videoWidth === 1280,
  )
  expect(
    await page.evaluate(() => (document.querySelector('video.camera-preview') as HTMLVideoElement).videoHeight),
  ).toBe(720)
  await screenshot(page, 'camera-360')
  await camera.getByRole('button', { name: 'Capture' }).click()
  await page.getByText('Successfully uploaded file to Receipts for Deductions.').waitFor()

  const files = (await page.evaluate((y) => fetch(`/api/files?taxYear=${y}`).then((r) => r.json()), YEAR)) as {
    id: number
    originalFileName: string
    categoryId: number
  }[]
  expect(files).toHaveLength(1)
  const name = files[0]!.originalFileName
  expect(name).toMatch(/^camera-capture-\d+\.jpg$/)
  const stamp = Number(/\d+/.exec(name)![0])
  expect(stamp).toBeGreaterThanOrEqual(before)
  expect(stamp).toBeLessThanOrEqual(Date.now())
  expect(files[0]!.categoryId).toBe(5)
  // The stored content is the JPEG the browser encoded: FF D8 FF, served as image/jpeg.
  const content = await page.evaluate(async (id) => {
    const r = await fetch(`/api/files/${id}/content`)
    return { type: r.headers.get('content-type'), head: [...new Uint8Array(await r.arrayBuffer()).slice(0, 3)] }
  }, files[0]!.id)
  expect(content).toEqual({ type: 'image/jpeg', head: [0xff, 0xd8, 0xff] })
  // The camera is released when the dialog closes.
  expect(await camera.count()).toBe(0)
  await context.close()
}, 90_000)

test('take photo without a camera: the permission error, and the camera dialog closes', async () => {
  const context = await newContext(withoutCamera, { baseURL: server.url, width: 360, height: 800 })
  const page = await context.newPage()
  await cameraOpened(page, 'nocamera.user@example.ch')
  await page.getByText('Camera Error').waitFor()
  await page.getByText("Failed to access camera. Please make sure you've granted camera permissions.").waitFor()
  await page.getByRole('dialog', { name: 'Take Photo' }).waitFor({ state: 'detached' })
  expect(await page.evaluate((y) => fetch(`/api/files?taxYear=${y}`).then((r) => r.json()), YEAR)).toEqual([])
  await context.close()
}, 90_000)
