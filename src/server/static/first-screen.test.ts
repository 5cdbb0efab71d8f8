import { afterEach, describe, expect, test } from 'bun:test'
import { gunzipSync } from 'node:zlib'
import { testApp } from '../test-helpers'
import { dashboardReads } from '../../shared/first-screen'
import { defaultTaxYear } from '../../shared/tax-years'
import type { Asset } from './assets'

// index.html as build.ts writes it, reduced to what the server reads: each first screen's chunks, the area CSS.
const CHUNKS = {
  'login-page': ['/assets/login-page-1.js', '/assets/shared-1.js'],
  'legal-page': ['/assets/legal-page-1.js'],
  'signed-in': ['/assets/signed-in-1.js', '/assets/shared-2.js'],
  'person-pages': ['/assets/person-pages-1.js', '/assets/shared-2.js'],
}
const INDEX = `<!doctype html><html><head>
<meta name="swisstax:area-css" content="/assets/areas-1.css">
<meta name="swisstax:chunks" content='${JSON.stringify(CHUNKS)}'>
<script type="module" src="/assets/start-1.js"></script>
</head><body><div id="root"></div></body></html>`

const assets = () =>
  new Map<string, Asset>([
    ['/index.html', { file: new Blob([INDEX]), type: 'text/html; charset=utf-8', immutable: false }],
  ])

let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())

/** The preload links of a page, as [rel or as, href]. */
const linksOf = (html: string) =>
  [...html.matchAll(/<link rel="(modulepreload|preload)"(?: as="(\w+)")?(?: crossorigin)? href="([^"]+)">/g)].map(
    ([, rel, as, href]) => [as ?? rel, href!.replaceAll('&#38;', '&')],
  )

async function registered(email: string) {
  const { cookie } = await t.signIn(email)
  await t.request('PUT', '/api/user/profile', {
    cookie,
    body: { firstName: 'Anna', lastName: 'Muster', phone: '791234567', countryCode: '+41' },
  })
  await t.request('POST', '/api/gtc/accept', { cookie, body: { accepted: true } })
  return cookie
}

describe("a route's index.html names what its first screen fetches", () => {
  test("a registered taxpayer's dashboard: its code, texts, stylesheet, the session and the five reads", async () => {
    t = await testApp({}, { assets: assets() })
    const cookie = await registered('anna@example.ch')
    const page = await t.request('GET', '/', { cookie })
    expect(page.status).toBe(200)
    expect(linksOf(page.text)).toEqual([
      ['modulepreload', '/assets/signed-in-1.js'],
      ['modulepreload', '/assets/shared-2.js'],
      ['fetch', '/locales/en/common.json'],
      ['fetch', '/locales/en/home.json'],
      ['fetch', '/locales/en/documents.json'],
      ['style', '/assets/areas-1.css'],
      ['fetch', '/api/user'],
      ...dashboardReads(defaultTaxYear()).map((path) => ['fetch', path]),
    ])
    // It tells that this cookie has a session: no cache keeps it, and it is never answered with 304.
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.headers.get('etag')).toBeNull()
    expect(page.text).toContain('<div id="root">')
    // Every preloaded read answers this cookie (the browser's later request takes that answer).
    for (const [, href] of linksOf(page.text).filter(([as, href]) => as === 'fetch' && href!.startsWith('/api/')))
      expect((await t.request('GET', href!, { cookie })).status).toBe(200)
  })

  test("another screen of a person's: the other screens' chunk too, and the session's language's texts", async () => {
    t = await testApp({}, { assets: assets() })
    const cookie = await registered('anna@example.ch')
    expect((await t.request('PUT', '/api/user/language', { cookie, body: { language: 'de' } })).status).toBe(200)
    const links = linksOf((await t.request('GET', '/profile', { cookie })).text)
    // A person's screen other than the dashboard: the signed-in chunk and the other screens' chunk, each file once.
    expect(links.filter(([rel]) => rel === 'modulepreload')).toEqual([
      ['modulepreload', '/assets/signed-in-1.js'],
      ['modulepreload', '/assets/shared-2.js'],
      ['modulepreload', '/assets/person-pages-1.js'],
    ])
    const texts = links.filter(([, h]) => h!.includes('locales'))
    expect(texts).toEqual([
      ['fetch', '/locales/de/common.json'],
      ['fetch', '/locales/en/common.json'],
    ])
  })

  test('no reads for an expert, nor for a person who has not finished the registration', async () => {
    t = await testApp({ ADMIN_EMAILS: 'boss@example.ch' }, { assets: assets() })
    for (const { cookie } of [await t.signIn('boss@example.ch'), await t.signIn('new@example.ch')]) {
      const links = linksOf((await t.request('GET', '/', { cookie })).text)
      expect(links.filter(([, href]) => href!.startsWith('/api/'))).toEqual([['fetch', '/api/user']])
      expect(links).toContainEqual(['style', '/assets/areas-1.css'])
      // Nor the dashboard's texts: the app sends them on, the expert to /admin, the new person to the registration.
      expect(links.filter(([, href]) => href!.startsWith('/locales/'))).toEqual([['fetch', '/locales/en/common.json']])
    }
  })

  test('signed out, a signed-in route prepares the sign-in form, the same for all: kept with its ETag', async () => {
    t = await testApp({}, { assets: assets() })
    // No cookie, and the cookie of a session that has ended.
    const { cookie: ended } = await t.signIn('gone@example.ch')
    await t.request('POST', '/api/auth/logout', { cookie: ended })
    for (const cookie of [undefined, ended]) {
      const page = await t.request('GET', '/', { cookie })
      expect(linksOf(page.text)).toEqual([
        ['modulepreload', '/assets/login-page-1.js'],
        ['modulepreload', '/assets/shared-1.js'],
        ['fetch', '/locales/en/common.json'],
        ['fetch', '/locales/en/login.json'],
        ['fetch', '/locales/en/changelog.json'],
      ])
      expect(page.headers.get('cache-control')).toBe('no-cache')
      const etag = page.headers.get('etag')!
      expect(etag).toMatch(/^"[\w-]+"$/)
      expect((await t.request('GET', '/', { cookie, headers: { 'if-none-match': etag } })).status).toBe(304)
    }
    const legal = linksOf((await t.request('GET', '/cookies')).text)
    expect(legal).toEqual([
      ['modulepreload', '/assets/legal-page-1.js'],
      ['fetch', '/locales/en/common.json'],
      ['fetch', '/locales/en/legal.json'],
    ])
  })

  test("the service worker's copy (/index.html) has no links; pages go gzipped when the browser takes it", async () => {
    t = await testApp({}, { assets: assets() })
    const cookie = await registered('anna@example.ch')
    const copy = await t.request('GET', '/index.html', { cookie })
    expect(copy.text).toBe(INDEX)
    const res = await t.app.handle(
      new Request('http://localhost/', { headers: { cookie, 'accept-encoding': 'gzip, br' } }),
    )
    expect(res.headers.get('content-encoding')).toBe('gzip')
    const html = gunzipSync(Buffer.from(await res.arrayBuffer())).toString()
    expect(linksOf(html)).toContainEqual(['fetch', '/api/notifications'])
  })
})
