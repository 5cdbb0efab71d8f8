// What /login loads, gzip-compressed (the spec's ≤ 110 KB JavaScript budget): starts dist/swisstax,
// opens /login in Chromium, and adds up the gzip sizes of the scripts and stylesheets it fetched.
//   bun scripts/login-weight.ts        (after bun build.ts)
import { existsSync, statSync } from 'node:fs'
import { launchBrowser, startServer } from '../e2e/harness'

const server = await startServer()
const browser = await launchBrowser()
try {
  const page = await browser.newPage()
  const assets = new Set<string>()
  page.on('response', (r) => {
    const u = new URL(r.url())
    if (u.pathname.startsWith('/assets/')) assets.add(u.pathname)
  })
  await page.goto(`${server.url}/login`)
  await page.getByRole('button', { name: 'Send code' }).waitFor({ timeout: 30_000 })
  await page.waitForLoadState('networkidle')
  const gz = (p: string) => statSync(existsSync(`dist/client${p}.gz`) ? `dist/client${p}.gz` : `dist/client${p}`).size
  const js = [...assets].filter((a) => a.endsWith('.js'))
  const css = [...assets].filter((a) => a.endsWith('.css'))
  const kb = (list: string[]) => (list.reduce((s, a) => s + gz(a), 0) / 1024).toFixed(1)
  if (process.env.VERBOSE) for (const a of js) console.log(`  ${a} ${(gz(a) / 1024).toFixed(1)} KB`)
  console.log(
    `/login JavaScript: ${kb(js)} KB gzip in ${js.length} files; CSS: ${kb(css)} KB gzip in ${css.length} files`,
  )
} finally {
  await browser.close()
  await server.stop()
}
