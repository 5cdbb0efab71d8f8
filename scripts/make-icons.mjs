// Renders assets/images/logo.svg into the PNG app icons (run once; the PNGs are committed).
import { chromium } from 'playwright-core'
import { readFileSync } from 'node:fs'
const svg = readFileSync('assets/images/logo.svg', 'utf8')
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
for (const [name, size, pad] of [
  ['icon-192.png', 192, 0],
  ['icon-512.png', 512, 0],
  ['maskable-512.png', 512, 0.1],
]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } })
  const inner = Math.round(size * (1 - 2 * pad))
  await page.setContent(
    `<body ` +
      `style="margin:0;background:${pad ? '#c8102e' : 'transparent'};display:grid;place-items:center;` +
      `height:${size}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</body>`,
  )
  await page.screenshot({ path: `assets/icons/${name}`, omitBackground: !pad })
  await page.close()
}
await browser.close()
console.log('icons written')
