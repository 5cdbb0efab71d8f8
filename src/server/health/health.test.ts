// Health, readiness, metrics and the access log, in-process (the binary's side: e2e/operator.test.ts).
import { afterEach, describe, expect, test } from 'bun:test'
import { testApp } from '../test-helpers'
import { createLogger } from '../log'
import { lifecycle } from './index'
import type { Asset } from '../static/assets'

let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())

/** The app with a JSON logger whose lines the test reads. */
async function withLog(env: Record<string, string> = {}, assets?: Map<string, Asset>) {
  t = await testApp(env, { assets })
  const lines: string[] = []
  t.ctx.log = createLogger((l) => lines.push(l), 'json')
  const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, any>)
  return { lines, parsed }
}
const settle = () => Bun.sleep(10) // the access line is written after the answer

describe('access log', () => {
  test('a 404 and a 403 (foreign Origin) each leave one JSON line with the request id of the answer', async () => {
    const { parsed } = await withLog()
    const missing = await t.request('GET', '/api/no-such-thing?token=secret')
    expect(missing.status).toBe(404)
    const foreign = await t.request('POST', '/api/auth/request-code', {
      body: { email: 'a@example.ch' },
      headers: { origin: 'https://evil.example' },
    })
    expect(foreign.status).toBe(403)
    await settle()
    const access = parsed().filter((l) => l.msg === 'request')
    expect(access).toMatchObject([
      { level: 'info', method: 'GET', path: '/api/no-such-thing', status: 404, ip: '127.0.0.1' },
      { level: 'info', method: 'POST', path: '/api/auth/request-code', status: 403 },
    ])
    expect(access[0]!.requestId).toBe(missing.headers.get('x-request-id'))
    expect(access[1]!.requestId).toBe(foreign.headers.get('x-request-id'))
    expect(access[0]!.requestId).not.toBe(access[1]!.requestId)
    expect(typeof access[0]!.ms).toBe('number')
    expect(typeof access[0]!.time).toBe('string')
    expect(JSON.stringify(access)).not.toContain('secret')
  })

  test('every line a request causes carries its id; a sane X-Request-Id from a proxy is kept', async () => {
    const { parsed } = await withLog()
    // A background job (a timer set before the request) is not the request's: its line has no id.
    const background = new Promise<void>((done) =>
      setTimeout(() => {
        t.ctx.log.info('outside any request')
        done()
      }, 30),
    )
    // Without SMTP, the login code is written to the log: a line the request causes inside the auth area.
    const res = await t.request('POST', '/api/auth/request-code', {
      body: { email: 'a@example.ch' },
      headers: { 'x-request-id': 'proxy-42' },
    })
    expect(res.headers.get('x-request-id')).toBe('proxy-42')
    await background
    const lines = parsed()
    expect(lines.filter((l) => l.requestId === 'proxy-42').map((l) => l.msg)).toContain('request')
    expect(lines.find((l) => l.msg === 'outside any request')?.requestId).toBeUndefined()
    const forged = await t.request('GET', '/healthz', { headers: { 'x-request-id': 'bad id {"level":"error"}' } })
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('health', () => {
  test('/healthz and /readyz answer 200; /readyz answers 503 while draining', async () => {
    t = await testApp()
    expect((await t.request('GET', '/healthz')).status).toBe(200)
    expect((await t.request('GET', '/readyz')).status).toBe(200)
    lifecycle(t.ctx).draining = true
    const draining = await t.request('GET', '/readyz')
    expect(draining.status).toBe(503)
    expect(draining.text).toContain('draining')
    expect((await t.request('GET', '/healthz')).status).toBe(200)
  })

  test('/metrics is 404 without METRICS_TOKEN', async () => {
    t = await testApp()
    expect((await t.request('GET', '/metrics')).status).toBe(404)
  })

  test('/metrics requires the token and counts requests by route and status', async () => {
    const token = 'm'.repeat(24)
    t = await testApp({ METRICS_TOKEN: token })
    expect((await t.request('GET', '/metrics')).status).toBe(401)
    expect((await t.request('GET', '/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401)
    await t.request('GET', '/api/no-such-thing')
    await t.request('GET', '/healthz')
    await settle()
    const res = await t.request('GET', '/metrics', { headers: { authorization: `Bearer ${token}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4')
    for (const line of [
      'swisstax_http_requests_total{method="GET",route="/healthz",status="200"} 1',
      'swisstax_http_request_duration_seconds_bucket{le="+Inf"}',
      'swisstax_recognition_queue 0',
      'swisstax_mail_outbox 0',
      'swisstax_uploads_total{outcome="stored"} 0',
    ])
      expect(res.text).toContain(line)
    expect(res.text).toMatch(/swisstax_http_requests_total\{method="GET",route="[^"]+",status="404"\} 1/)
    expect(res.text).toMatch(/swisstax_database_bytes [1-9]\d*/)
  })
})

describe('a request the app makes to itself', () => {
  test('a signed-in page reads the session through the app: one access line, one id', async () => {
    // A page with chunks: the server reads the session through the app to name the first screen's requests.
    const index = `<!doctype html><html><head><meta name="swisstax:chunks" content='{}'></head><body></body></html>`
    const { parsed } = await withLog(
      {},
      new Map([['/index.html', { file: new Blob([index]), type: 'text/html; charset=utf-8', immutable: false }]]),
    )
    const { cookie } = await t.signIn('a@example.ch')
    const before = parsed().length
    const page = await t.request('GET', '/dashboard', { cookie })
    await settle()
    const lines = parsed().slice(before)
    expect(lines.filter((l) => l.msg === 'request')).toMatchObject([{ path: '/dashboard' }])
    expect(new Set(lines.map((l) => l.requestId))).toEqual(new Set([page.headers.get('x-request-id')]))
  })
})
