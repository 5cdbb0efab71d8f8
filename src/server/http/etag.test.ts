import { describe, expect, test } from 'bun:test'
import { etagResponse, keepSerialised } from './etag'

const req = (inm?: string) => new Request('http://localhost/x', { headers: inm ? { 'if-none-match': inm } : {} })

describe('etagResponse', () => {
  test('answers the JSON with a weak ETag that changes with the content', async () => {
    const a = etagResponse(req(), { n: 1 })
    const b = etagResponse(req(), { n: 2 })
    expect(a.status).toBe(200)
    expect(await a.json()).toEqual({ n: 1 })
    expect(a.headers.get('etag')).toMatch(/^W\/"[0-9a-z]+"$/)
    expect(a.headers.get('etag')).not.toBe(b.headers.get('etag'))
  })

  test('answers 304 without a body when If-None-Match matches, in any of the list', async () => {
    const etag = etagResponse(req(), { n: 1 }).headers.get('etag')!
    const hit = etagResponse(req(`"other", ${etag}`), { n: 1 })
    expect(hit.status).toBe(304)
    expect(await hit.text()).toBe('')
    expect(hit.headers.get('etag')).toBe(etag)
    expect(etagResponse(req(etag), { n: 2 }).status).toBe(200)
  })
})

describe('keepSerialised', () => {
  test('a kept value is serialised and hashed once: later answers reuse its JSON and ETag', async () => {
    const kept = keepSerialised({ n: 1 })
    const first = etagResponse(req(), kept)
    kept.n = 2
    const again = etagResponse(req(), kept)
    expect(await again.json()).toEqual({ n: 1 })
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
    // A value not kept is serialised on every answer.
    const plain = { n: 1 }
    etagResponse(req(), plain)
    plain.n = 2
    expect(await etagResponse(req(), plain).json()).toEqual({ n: 2 })
  })
})
