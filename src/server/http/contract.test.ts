// Issue 9: every route declares its answer (Elysia `response:`), so the Eden client's types are
// the server's. Only the answers that are bytes, not JSON, are Responses without a schema.
// Issue 23: the declarations are schemas for real: no answer is Any, Unknown or Unsafe anywhere in it
// (`t.Unsafe<T>(t.Any())` would give the client a type the server never checks), and a body is open
// only where its service checks every field (OPEN_BODIES).
import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { getSchemaValidator, type TSchema } from 'elysia'
import { testApp } from '../test-helpers'
import { pdf, sha256, uploadForm } from '../documents/test-fixtures'

/** TypeBox marks each schema's kind under this global symbol. */
const Kind = Symbol.for('TypeBox.Kind')

const BINARY_ANSWERS = new Set([
  'GET /*', // the client's files and the SPA's index.html
  'HEAD /*',
  'GET /cantons/cantons.json', // a static file of the client
  'GET /api/audio/:file',
  'GET /api/files/:id/content',
  'GET /api/files/:id/versions/:version/content',
  'GET /api/advanced/power-of-attorney.pdf',
  'GET /api/tax/declaration/export',
  'GET /api/user/export', // the streamed ZIP
  'GET /api/admin/users/:id/dossier', // the streamed PDF
  'GET /api/files/:id/statement.xml', // an e-Steuerauszug's eCH-0196 XML
  'GET /healthz', // probes and Prometheus text for the operator's tools
  'GET /readyz',
  'GET /metrics',
])

/** Bodies with an open object (`openObject`, src/server/http/schemas.ts): the service checks each field itself. */
const OPEN_BODIES = new Set([
  'PUT /api/user/profile', // updateProfile, by the shared profile rules
  'POST /api/tax-profile/complete', // its `profile`, the same
  'POST /api/tax/save-declaration', // saveDeclaration, group by group
  'PUT /api/advanced/children', // validateChildren, child by child
  'PUT /api/user/drafts/:kind', // its `answers`: cleanAnswers keeps known profile fields of plain values
])

type Schema = Record<string | symbol, unknown>
type Route = { method: string; path: string; hooks?: { response?: unknown; body?: unknown } }

/** Every place in a schema that accepts anything: `Any`, `Unknown`, `Unsafe`, or a schema with no kind at all. */
function openings(schema: unknown, at = '$'): { at: string; kind: string }[] {
  if (typeof schema !== 'object' || schema === null) return []
  const s = schema as Schema
  const kind = s[Kind]
  if (kind === undefined) {
    // Elysia keeps a status map ({ 200: schema }) or a schema; anything else is no schema.
    const entries = Object.entries(s)
    if (entries.length && entries.every(([k]) => /^\d{3}$/.test(k)))
      return entries.flatMap(([k, v]) => openings(v, `${at}[${k}]`))
    return [{ at, kind: 'none' }]
  }
  if (kind === 'Any' || kind === 'Unknown' || kind === 'Unsafe') return [{ at, kind: String(kind) }]
  const found: { at: string; kind: string }[] = []
  for (const [key, value] of Object.entries(s)) {
    if (key === 'properties' || key === 'patternProperties')
      for (const [name, sub] of Object.entries(value as Schema)) found.push(...openings(sub, `${at}.${name}`))
    else if (key === 'items' || key === 'additionalProperties' || key === 'not')
      found.push(...openings(value, `${at}[]`))
    else if (key === 'anyOf' || key === 'allOf' || key === 'oneOf')
      for (const [i, sub] of (value as unknown[]).entries()) found.push(...openings(sub, `${at}|${i}`))
  }
  return found
}

/** The only opening an open body may have: the values of a string-keyed record (`openObject`). */
const isOpenObjectValue = (o: { at: string; kind: string }) => o.kind === 'Unknown' && o.at.endsWith('.^(.*)$')

async function eachMode(check: (routes: Route[]) => void) {
  for (const mode of [{}, { NODE_ENV: 'development' }] as Record<string, string>[]) {
    const t = await testApp(mode)
    try {
      const routes = t.app.routes as Route[]
      expect(routes.length).toBeGreaterThan(60)
      check(routes)
    } finally {
      t.close()
    }
  }
}

test('every JSON route of the app declares its response schema', async () => {
  await eachMode((routes) => {
    const missing = routes
      .filter((r) => r.hooks?.response === undefined && !BINARY_ANSWERS.has(`${r.method} ${r.path}`))
      .map((r) => `${r.method} ${r.path}`)
    expect(missing).toEqual([])
  })
})

test('no answer accepts anything (Any, Unknown, Unsafe), at any depth', async () => {
  await eachMode((routes) => {
    const open = routes
      .filter((r) => r.hooks?.response !== undefined)
      .flatMap((r) => openings(r.hooks!.response).map((o) => `${r.method} ${r.path} ${o.at}: ${o.kind}`))
    expect(open).toEqual([])
  })
})

test('a body is closed, or an open object checked by its service (OPEN_BODIES)', async () => {
  await eachMode((routes) => {
    const open = routes
      .filter((r) => r.hooks?.body !== undefined)
      .flatMap((r) => {
        const key = `${r.method} ${r.path}`
        return openings(r.hooks!.body)
          .filter((o) => !(OPEN_BODIES.has(key) && isOpenObjectValue(o)))
          .map((o) => `${key} ${o.at}: ${o.kind}`)
      })
    expect(open).toEqual([])
    const listed = routes.filter((r) => OPEN_BODIES.has(`${r.method} ${r.path}`)).map((r) => `${r.method} ${r.path}`)
    expect(new Set(listed)).toEqual(OPEN_BODIES)
  })
})

test("the README's Layout lists every open body", () => {
  const layout = readFileSync(`${import.meta.dir}/../../../README.md`, 'utf8')
    .split('### Layout\n')[1]!
    .split('\n### ')[0]!
  const flat = layout.replace(/\s+/g, ' ')
  expect([...OPEN_BODIES].filter((route) => !flat.includes(`\`${route}\``))).toEqual([])
})

test('the checker finds an opening wherever it hides', async () => {
  const { t } = await import('elysia')
  expect(openings(t.Unsafe<{ a: number }>(t.Any()))).toEqual([{ at: '$', kind: 'Any' }])
  expect(openings(t.Object({ a: t.Array(t.Object({ b: t.Unknown() })) }))).toEqual([{ at: '$.a[].b', kind: 'Unknown' }])
  expect(openings(t.Nullable(t.Object({ c: t.Any() })))).toEqual([{ at: '$|0.c', kind: 'Any' }])
  expect(openings({ 200: t.Object({ d: t.Unknown() }) })).toEqual([{ at: '$[200].d', kind: 'Unknown' }])
  expect(openings(t.Object({ e: t.Union([t.String(), t.Number()]), f: t.Record(t.String(), t.Boolean()) }))).toEqual([])
})

// The polled GETs and the uploads answer a Response of their own (ETag, status), which Elysia passes through
// unchecked (docs/api.md): their answers are checked against the declared schema here instead.
test('the answers Elysia does not check at run time (Responses) fit their declared schemas', async () => {
  const t = await testApp()
  try {
    const { cookie } = await t.signIn('anna@example.ch')
    const form = uploadForm([{ name: 'lohnausweis.pdf', data: pdf() }], { taxYear: 2025, categoryId: 1 })
    const upload = await t.app.handle(
      new Request('http://localhost/api/files/upload', { method: 'POST', headers: { cookie }, body: form }),
    )
    const file = pdf('section')
    const sectionForm = new FormData()
    sectionForm.append('files', new Blob([file]), 'beleg.pdf')
    for (const [k, v] of Object.entries({ hashes: JSON.stringify([sha256(file)]), categoryId: '1', taxYear: '2025' }))
      sectionForm.append(k, v)
    sectionForm.append('categoryName', 'Lohnausweis')
    const section = await t.app.handle(
      new Request('http://localhost/api/upload', { method: 'POST', headers: { cookie }, body: sectionForm }),
    )
    // Every file refused (a wrong hash): the refusal's status, with the answer's fields beside {message, code}.
    const refusedForm = uploadForm([{ name: 'x.pdf', data: pdf('x'), hash: '0'.repeat(64) }], {
      taxYear: 2025,
      categoryId: 1,
    })
    const refused = await t.app.handle(
      new Request('http://localhost/api/files/upload', { method: 'POST', headers: { cookie }, body: refusedForm }),
    )
    expect([upload.status, section.status, refused.status]).toEqual([200, 200, 422])
    const answers: [string, string, unknown][] = [
      ['POST', '/api/files/upload', await upload.json()],
      ['POST', '/api/upload', await section.json()],
      ['POST', '/api/files/upload', await refused.json()],
      ['GET', '/api/user', (await t.request('GET', '/api/user', { cookie })).json],
      ['GET', '/api/notifications', (await t.request('GET', '/api/notifications', { cookie })).json],
      ['GET', '/api/tax-status', (await t.request('GET', '/api/tax-status', { cookie })).json],
      ['GET', '/api/files', (await t.request('GET', '/api/files?taxYear=2025', { cookie })).json],
    ]
    const routes = t.app.routes as Route[]
    for (const [method, path, body] of answers) {
      const declared = routes.find((r) => r.method === method && r.path === path)!.hooks!.response as Schema
      const check = getSchemaValidator((declared[200] ?? declared) as TSchema)!
      expect(Array.isArray(body) ? body.length : Object.keys(body as object).length).toBeGreaterThan(0)
      expect({ path, errors: check.Check(body) ? [] : [...check.Errors(body)].map((e) => e.path) }).toEqual({
        path,
        errors: [],
      })
    }
  } finally {
    t.close()
  }
})

test("an answer that does not fit its own schema is the server's 500, logged, not the client's 400", async () => {
  const { t: schema } = await import('elysia')
  const t = await testApp()
  try {
    const app = t.app.get('/api/contract-probe', () => ({ n: 'not a number' }) as unknown as { n: number }, {
      response: schema.Object({ n: schema.Number() }),
    })
    const res = await app.handle(new Request('http://localhost/api/contract-probe'))
    expect(res.status).toBe(500)
    expect(((await res.json()) as { code: string }).code).toBe('INTERNAL')
  } finally {
    t.close()
  }
})
