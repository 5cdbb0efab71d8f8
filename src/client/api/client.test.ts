import { afterEach, expect, test } from 'bun:test'
import { api, ApiRequestError, call, clearApiCache, onUnauthorized, quietApi } from './client'
import { queryClient } from './query-client'
import { filesQuery } from './documents'

// The fetcher is the one place of the spec's request behaviour: these drive it through a stand-in fetch.
const real = globalThis.fetch
let seen: { url: string; ifNoneMatch: string | null; credentials?: RequestCredentials }[] = []
function serve(answer: (url: string, headers: Headers) => Response) {
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    seen.push({ url: String(input), ifNoneMatch: headers.get('if-none-match'), credentials: init.credentials })
    return answer(String(input), headers)
  }) as typeof fetch
}
afterEach(() => {
  globalThis.fetch = real
  seen = []
  clearApiCache()
  onUnauthorized(() => {})
  queryClient.clear()
})
const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { 'content-type': 'application/json', ...init.headers } })

test('a polled GET sends If-None-Match with the last ETag and a 304 gives the last body back', async () => {
  serve((_url, headers) =>
    headers.get('if-none-match') === 'W/"a"'
      ? new Response(null, { status: 304 })
      : json([{ id: 'n1' }], { headers: { etag: 'W/"a"' } }),
  )
  const first: unknown = await call(api.notifications.get())
  const second: unknown = await call(api.notifications.get())
  expect([first, second]).toEqual([[{ id: 'n1' }], [{ id: 'n1' }]])
  expect(seen.map((s) => s.ifNoneMatch)).toEqual([null, 'W/"a"'])
  expect(seen.every((s) => s.credentials === 'same-origin')).toBe(true)
  clearApiCache()
  await call(api.notifications.get())
  expect(seen[2]!.ifNoneMatch).toBeNull()
})

test(
  "a failure becomes an ApiRequestError with the server's code and message; a 401 reaches the handler unless " +
    'quiet',
  async () => {
    let lost = 0
    onUnauthorized(() => {
      lost++
    })
    serve(() => json({ message: 'Session expired', code: 'SESSION_EXPIRED' }, { status: 401 }))
    const err = await call(api.notifications.get()).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiRequestError)
    expect(err).toMatchObject({ status: 401, code: 'SESSION_EXPIRED', serverMessage: 'Session expired' })
    expect((err as Error).message).toBe('401: {"message":"Session expired","code":"SESSION_EXPIRED"}')
    expect(lost).toBe(1)
    await call(quietApi.debug['check-auth'].get()).catch(() => {})
    expect(lost).toBe(1)
  },
)

test('a network failure is thrown as it is, not as an HTTP error', async () => {
  globalThis.fetch = (async () => {
    throw new TypeError('Failed to fetch')
  }) as unknown as typeof fetch
  const err = await call(api.notifications.get()).catch((e: unknown) => e)
  expect(err).toBeInstanceOf(TypeError)
})

test(
  'the File History list asks for the largest page the server gives (1000), the default page ' + 'being 200',
  async () => {
    serve(() => json([]))
    await queryClient.fetchQuery(filesQuery(2025))
    expect(seen.map((s) => new URL(s.url).pathname + new URL(s.url).search)).toEqual([
      '/api/files?taxYear=2025&limit=1000',
    ])
  },
)

test("a 429 carries the server's Retry-After, so the text can say how long to wait (issue 25)", async () => {
  serve(() => json({ message: 'Too many', code: 'RATE_LIMITED' }, { status: 429, headers: { 'retry-after': '780' } }))
  const err = await call(quietApi.auth['request-code'].post({ email: 'a@b.ch' })).catch((e: unknown) => e)
  expect(err).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 780 })
})
