import { describe, expect, test } from 'bun:test'
import { jsonWithEtag } from './etag'

const req = (inm?: string) => new Request('http://localhost/x', { headers: inm ? { 'if-none-match': inm } : {} })

describe('jsonWithEtag', () => {
  test('answers the JSON with a weak ETag that changes with the content', async () => {
    const a = jsonWithEtag(req(), { n: 1 })
    const b = jsonWithEtag(req(), { n: 2 })
    expect(a.status).toBe(200)
    expect(await a.json()).toEqual({ n: 1 })
    expect(a.headers.get('etag')).toMatch(/^W\/"[0-9a-z]+"$/)
    expect(a.headers.get('etag')).not.toBe(b.headers.get('etag'))
  })

  test('answers 304 without a body when If-None-Match matches, in any of the list', async () => {
    const etag = jsonWithEtag(req(), { n: 1 }).headers.get('etag')!
    const hit = jsonWithEtag(req(`"other", ${etag}`), { n: 1 })
    expect(hit.status).toBe(304)
    expect(await hit.text()).toBe('')
    expect(hit.headers.get('etag')).toBe(etag)
    expect(jsonWithEtag(req(etag), { n: 2 }).status).toBe(200)
  })
})
