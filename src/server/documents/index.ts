import { Elysia, t } from 'elysia'
import type { AppContext } from '../context'
import { pluginSeed } from '../context'
import type { SessionStore } from '../auth/session'
import { authPlugin } from '../auth/plugin'
import { audit } from '../audit'
import { ApiError, badRequest } from '../http/errors'
import { jsonWithEtag } from '../http/etag'
import { createBlobStore, type BlobStore } from './blob-store'
import { parseUpload } from './multipart'
import { categoryList } from './categories'
import { serveVersion } from './serve'
import { categoryState, fileHistory, listFiles, moveFile, setRelevance, softDelete, storeUploads, versionForViewer, type Viewer } from './service'
import type { UploadAnswer } from '../../shared/documents'
import { users } from '../db/schema'
import { eq } from 'drizzle-orm'

const languageOf = (ctx: AppContext, userId: number) =>
  ctx.db.select({ language: users.language }).from(users).where(eq(users.id, userId)).get()?.language ?? 'en'

/** The blob store of a context, created once; creating it sweeps temporary files left by a crash. */
const stores = new WeakMap<AppContext, BlobStore>()
export function blobStoreOf(ctx: AppContext): BlobStore {
  let store = stores.get(ctx)
  if (!store) {
    store = createBlobStore(ctx.config.dataDir, ctx.keys.master)
    const swept = store.sweepTemp()
    if (swept) ctx.log.info('swept temporary upload files', { count: swept })
    stores.set(ctx, store)
  }
  return store
}

/** All files failed: the answer carries the first failure's own status, code and message, plus the per-file results. */
function uploadResponse(answer: UploadAnswer): Response {
  const firstFailure = answer.files.find((f) => f.status === 'rejected')
  const allFailed = answer.failedCount === answer.files.length && firstFailure?.status === 'rejected'
  const status = allFailed ? firstFailure.httpStatus : 200
  const body = allFailed ? { message: firstFailure.reason, code: firstFailure.code, ...answer } : { success: true, ...answer }
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } })
}

/** The upload form's "I don't know the category" flag. */
const isAutoCategory = (raw: string | undefined) => raw === '1' || raw === 'true'

const int = (raw: string | undefined, fallback: number, min: number, max: number, field: string) => {
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < min || n > max) throw badRequest(`Invalid field '${field}': expected a whole number from ${min} to ${max}`)
  return n
}

export function documentRoutes(ctx: AppContext, sessions: SessionStore) {
  const store = blobStoreOf(ctx)
  const viewer = (user: { id: number; role: string }): Viewer => ({ id: user.id, role: user.role, language: languageOf(ctx, user.id) })

  return new Elysia({ name: 'document-routes', seed: pluginSeed(ctx) })
    .use(authPlugin(ctx, sessions))
    // The dashboard upload: repeated `files`, `hashes[]`, optional categoryId, taxYear.
    .post('/api/files/upload', async ({ request, user }) => {
      const parsed = await parseUpload(request, store)
      const f = parsed.fields
      const hashes = f.get('hashes[]') ?? f.get('hashes') ?? []
      const answer = await storeUploads(ctx, store, viewer(user), parsed, { taxYear: f.get('taxYear')?.[0], categoryId: f.get('categoryId')?.[0], hashes, autoCategory: isAutoCategory(f.get('autoCategory')?.[0]) })
      return uploadResponse(answer)
    }, { auth: true, parse: 'none' })
    // The per-category upload of the advanced sections: `hashes` is a JSON array.
    .post('/api/upload', async ({ request, user }) => {
      const parsed = await parseUpload(request, store)
      const f = parsed.fields
      let hashes: string[]
      try {
        const raw = JSON.parse(f.get('hashes')?.[0] ?? '[]')
        if (!Array.isArray(raw)) throw new Error()
        hashes = raw.map(String)
      } catch {
        parsed.discardAll()
        throw badRequest(`Invalid field 'hashes': expected a JSON array of SHA-256 values`)
      }
      const answer = await storeUploads(ctx, store, viewer(user), parsed, { taxYear: f.get('taxYear')?.[0], categoryId: f.get('categoryId')?.[0], hashes, autoCategory: isAutoCategory(f.get('autoCategory')?.[0]) })
      return uploadResponse(answer)
    }, { auth: true, parse: 'none' })
    .get('/api/files', ({ request, query, user }) => {
      let ownerId = user.id
      if (query.userId !== undefined) {
        if (user.role !== 'admin') throw new ApiError(403, 'ADMIN_ONLY', 'This area is restricted to administrators only.')
        ownerId = int(query.userId, user.id, 1, Number.MAX_SAFE_INTEGER, 'userId')
      }
      const taxYear = query.taxYear ? int(query.taxYear, 0, 1900, 9999, 'taxYear') : undefined
      const limit = int(query.limit, 200, 1, 1000, 'limit')
      const offset = int(query.offset, 0, 0, Number.MAX_SAFE_INTEGER, 'offset')
      return jsonWithEtag(request, listFiles(ctx, ownerId, languageOf(ctx, user.id), { taxYear, limit, offset }))
    }, { auth: true, query: t.Object({ taxYear: t.Optional(t.String()), userId: t.Optional(t.String()), limit: t.Optional(t.String()), offset: t.Optional(t.String()) }) })
    .get('/api/files/:id/history', ({ params, user }) => fileHistory(ctx, viewer(user), params.id), { auth: true })
    .get('/api/files/:id/content', ({ params, query, user }) => {
      const found = versionForViewer(ctx, viewer(user), params.id)
      if (found.file.userId !== user.id) audit(ctx, 'admin_download', user.id, null, { fileId: params.id, version: found.version.version })
      return serveVersion(store, found.version, found.file.originalName, query.download === '1')
    }, { auth: true, query: t.Object({ download: t.Optional(t.String()) }) })
    .get('/api/files/:id/versions/:version/content', ({ params, query, user }) => {
      const n = int(params.version, 0, 1, 1_000_000, 'version')
      const found = versionForViewer(ctx, viewer(user), params.id, n)
      if (found.file.userId !== user.id) audit(ctx, 'admin_download', user.id, null, { fileId: params.id, version: n })
      return serveVersion(store, found.version, found.file.originalName, query.download === '1')
    }, { auth: true, query: t.Object({ download: t.Optional(t.String()) }) })
    .delete('/api/files/:id', ({ params, user }) => ({ success: true, ...softDelete(ctx, viewer(user), params.id) }), { auth: true })
    .post('/api/files/:id/move', ({ params, body, user }) => moveFile(ctx, viewer(user), params.id, body),
      { auth: true, body: t.Object({ categoryId: t.Union([t.Integer(), t.String()]), taxYear: t.Optional(t.Union([t.Integer(), t.String()])) }) })
    .get('/api/document-categories', ({ query, user }) => {
      const taxYear = query.taxYear ? int(query.taxYear, 0, 1900, 9999, 'taxYear') : undefined
      const mode = query.mode === 'all' ? 'all' : 'basic'
      if (query.mode && query.mode !== 'all' && query.mode !== 'basic') throw badRequest(`Invalid field 'mode': expected basic or all`)
      return categoryList(languageOf(ctx, user.id), mode, categoryState(ctx, user.id, taxYear))
    }, { auth: true, query: t.Object({ taxYear: t.Optional(t.String()), mode: t.Optional(t.String()) }) })
    .post('/api/user-preferences/:categoryId', ({ params, body, user }) => {
      const id = int(params.categoryId, 0, 1, 1000, 'categoryId')
      return setRelevance(ctx, user.id, id, body.taxYear, body.isRelevant)
    }, { auth: true, body: t.Object({ taxYear: t.Union([t.Integer(), t.String()]), isRelevant: t.Boolean() }) })
}

