// Issue 9: every route declares its answer (Elysia `response:`), so the Eden client's types are
// the server's. Only the answers that are bytes, not JSON, are Responses without a schema.
import { expect, test } from 'bun:test'
import { testApp } from '../test-helpers'

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

test('every JSON route of the app declares its response schema', async () => {
  for (const mode of [{}, { NODE_ENV: 'development' }] as Record<string, string>[]) {
    const t = await testApp(mode)
    try {
      const routes = (t.app.routes as { method: string; path: string; hooks?: { response?: unknown } }[]).map((r) => ({
        key: `${r.method} ${r.path}`,
        declared: r.hooks?.response !== undefined,
      }))
      expect(routes.length).toBeGreaterThan(60)
      const missing = routes.filter((r) => !r.declared && !BINARY_ANSWERS.has(r.key)).map((r) => r.key)
      expect(missing).toEqual([])
    } finally {
      t.close()
    }
  }
})
