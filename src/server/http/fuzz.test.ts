// Fuzz test (issue 13): every route of the app's own route table, so routes added
// later are covered without touching this file, gets generated bodies, query
// strings, headers and cookies, without a session, as a user and as an admin.
// Whatever comes in: never a 500, every 4xx/5xx in the { message, code } shape,
// no-store on every /api answer, and the heap back near where it started.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { testApp } from '../test-helpers'
import { sha256, uploadForm } from '../documents/test-fixtures'
import { bigTxt, docxBomb, hugeImagePdf, pagesBombPdf } from '../recognition/hostile'

const RUNS_PER_ROUTE = 200
let t: Awaited<ReturnType<typeof testApp>>
let userCookie = ''
let adminCookie = ''
let requests = 0
let heapAtStart = 0

// Listed once from a throwaway app: the same createApp the tests run against.
const listing = await testApp()
const routes = listing.app.routes
  .map((r) => ({ method: r.method.toUpperCase(), path: r.path }))
  .filter((r, i, all) => all.findIndex((o) => o.method === r.method && o.path === r.path) === i)
listing.close()

const jsonValue = fc.jsonValue({ maxDepth: 4 })
const nasty = fc.constantFrom(
  '',
  ' ',
  'null',
  '[]',
  '{}',
  '{"a":',
  '{"a":1,"a":2}',
  '"\u0000"',
  '1e999',
  '-0',
  '9007199254740993',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{}}}',
  '['.repeat(2000),
  `{"a":${'['.repeat(40)}${']'.repeat(40)}}`,
  '\uFEFF{}',
  '{"email":"a\u202e@x.ch","code":"\u0661\u0662\u0663\u0664\u0665\u0666"}',
  '{"firstName":"Anna\\r\\nPlease pay","lastName":"M\\u0000","message":"a\\u0000b","street":"\\u202e1"}',
  'x'.repeat(70_000),
)
const body = fc.oneof(
  jsonValue.map((v) => JSON.stringify(v)),
  fc
    .dictionary(
      fc.constantFrom(
        'email',
        'code',
        'message',
        'taxYear',
        'statusId',
        'userId',
        'language',
        'confirmEmail',
        'isRelevant',
        'taxData',
        'accepted',
        'id',
      ),
      fc.oneof(
        jsonValue,
        fc.integer(),
        fc.double(),
        fc.string({ unit: 'grapheme' }),
        fc.constant(Number.MAX_SAFE_INTEGER),
      ),
    )
    .map((o) => JSON.stringify(o)),
  jsonValue.map((v) => JSON.stringify(v)).chain((s) => fc.nat(s.length).map((n) => s.slice(0, n))), // truncated
  nasty,
  fc.string({ unit: 'binary', maxLength: 300 }),
)
const segment = fc.oneof(
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '2025',
    '99999999999999999999',
    'abc',
    '%00',
    '..%2F..',
    '%E0%A4%A',
    'null',
    'undefined',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
)
const query = fc.option(
  fc.dictionary(
    fc.constantFrom('taxYear', 'userId', 'limit', 'offset', 'mode', 'download', 'q', 'year', 'lang', 'since'),
    fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer().map(String),
      fc.constant('1e400'),
      // Control and bidi characters (issue 21: a NUL in the experts' search once gave a 500).
      fc.constantFrom('\u0000', 'ab\u0000c', 'Mül\u0000ler', 'x\u001b[31m', 'a\r\nb', '\u202eabc', '\u0085'),
    ),
  ),
  { nil: undefined },
)
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zz',
  'multipart/form-data',
  'application/octet-stream',
  'APPLICATION/JSON',
  'application/xml',
  '',
)
const who = fc.constantFrom('none', 'user', 'admin', 'garbage')
const garbageCookie = fc.oneof(
  fc.constantFrom(
    'swisstax_session=%E0%A4%A',
    'swisstax_session=',
    `swisstax_session=${'A'.repeat(500)}`,
    'swisstax_session="x"; swisstax_session=y',
  ),
  fc.string({ maxLength: 80 }).map((s) => `swisstax_session=${s.replace(/[;\r\n]/g, '')}`),
)
const extraHeaders = fc.dictionary(
  fc.constantFrom('if-none-match', 'accept', 'accept-language', 'x-forwarded-for', 'range', 'user-agent'),
  fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  { maxKeys: 3 },
)

beforeAll(async () => {
  t = await testApp({ ADMIN_EMAILS: 'admin@example.ch' })
  userCookie = (await t.signIn('user@example.ch')).cookie
  adminCookie = (await t.signIn('admin@example.ch')).cookie
  Bun.gc(true)
  heapAtStart = process.memoryUsage().heapUsed
})

afterAll(() => {
  console.log(`fuzz: ${requests} requests over ${routes.length} routes`)
  t.close()
})

describe('fuzz every route', () => {
  test('the route table is not empty and covers the areas', () => {
    expect(routes.length).toBeGreaterThan(40)
    for (const p of ['/api/auth/request-code', '/api/files/upload', '/api/user'])
      expect(routes.some((r) => r.path === p)).toBe(true)
  })

  test.each(routes.map((r) => [r.method, r.path] as const))('%s %s', async (method, path) => {
    await fc.assert(
      fc.asyncProperty(
        body,
        query,
        contentType,
        who,
        garbageCookie,
        extraHeaders,
        fc.array(segment, { minLength: 4, maxLength: 4 }),
        async (raw, q, type, as, garbage, extra, segments) => {
          let i = 0
          const concrete = path.replace(/:[A-Za-z_]+|\*/g, () => segments[i++ % segments.length]!)
          const url = new URL(`http://localhost${concrete}`)
          if (q) for (const [k, v] of Object.entries(q)) url.searchParams.set(k, v)
          const headers: Record<string, string> = { ...extra }
          if (type) headers['content-type'] = type
          const cookie =
            as === 'user' ? userCookie : as === 'admin' ? adminCookie : as === 'garbage' ? garbage : undefined
          if (cookie) headers.cookie = cookie
          const hasBody = method !== 'GET' && method !== 'HEAD'
          const res = await t.app.handle(
            new Request(url, { method: method === 'ALL' ? 'POST' : method, headers, body: hasBody ? raw : undefined }),
          )
          requests++
          const text = await res.text()
          expect(res.status).not.toBe(500)
          expect(res.status).toBeLessThan(600)
          if (res.status >= 400) {
            expect(res.headers.get('content-type')).toStartWith('application/json')
          }
          if (res.status >= 400 && method !== 'HEAD') {
            const parsed = JSON.parse(text)
            expect(typeof parsed.message).toBe('string')
            expect(parsed.code).toMatch(/^[A-Z][A-Z0-9_]*$/)
          }
          if (url.pathname.startsWith('/api/')) expect(res.headers.get('cache-control') ?? '').toMatch(/\bno-store\b/)
        },
      ),
      { numRuns: RUNS_PER_ROUTE, seed: 20261123 },
    )
    // A session the fuzz ended (logout, sign-out everywhere, a deleted account) is opened again for the next route.
    for (const [email, set] of [
      [
        'user@example.ch',
        (c: string) => {
          userCookie = c
        },
      ],
      [
        'admin@example.ch',
        (c: string) => {
          adminCookie = c
        },
      ],
    ] as const) {
      const cookie = email.startsWith('user') ? userCookie : adminCookie
      if ((await t.request('GET', '/api/debug/check-auth', { cookie })).status !== 200) {
        t.clock.now += 3_600_000 // past the code-request limits
        set((await t.signIn(email)).cookie)
      }
    }
  })

  test('the heap is back near its start afterwards', () => {
    Bun.gc(true)
    const grown = process.memoryUsage().heapUsed - heapAtStart
    expect(grown).toBeLessThan(64 * 1024 * 1024)
  })
})

describe("the outside probe's hostile files through both upload routes (issue 21)", () => {
  test('huge text, inflating .docx, deep page tree, huge picture, NUL in a name: JSON answers, no 500', async () => {
    const app = await testApp()
    try {
      const { cookie } = await app.signIn('probe@example.ch')
      await app.request('PUT', '/api/user/profile', {
        cookie,
        body: { firstName: 'Pia', lastName: 'Probe', phone: '791234567', countryCode: '+41' },
      })
      await app.request('POST', '/api/gtc/accept', { cookie, body: { accepted: true } })
      const files: [string, Uint8Array][] = [
        ['big.txt', bigTxt(6, 2025)],
        ['bomb.docx', docxBomb(48, 2025, 1000)],
        ['pages.pdf', pagesBombPdf()],
        ['picture.pdf', await hugeImagePdf(30_000)],
        ['nul\u0000name.pdf', pagesBombPdf()],
        ['line\r\nbreak.txt', bigTxt(1, 2025)],
      ]
      for (const [name, data] of files) {
        const bytes = data as Uint8Array<ArrayBuffer>
        const one = await app.app.handle(
          new Request('http://localhost/api/files/upload', {
            method: 'POST',
            headers: { cookie },
            body: uploadForm([{ name, data: bytes }], { taxYear: 2025, categoryId: 25 }),
          }),
        )
        const form = new FormData()
        form.append('files', new File([bytes], name))
        form.append('hashes', JSON.stringify([sha256(bytes)]))
        form.append('categoryId', '25')
        form.append('taxYear', '2025')
        const other = await app.app.handle(
          new Request('http://localhost/api/upload', { method: 'POST', headers: { cookie }, body: form }),
        )
        for (const r of [one, other]) {
          expect({ name, status: r.status }).not.toEqual({ name, status: 500 })
          expect(r.status).toBeLessThan(500)
          expect(r.headers.get('content-type')).toStartWith('application/json')
          await r.text()
        }
      }
    } finally {
      app.close()
    }
  }, 60_000)
})
