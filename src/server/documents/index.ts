import { Elysia, t } from 'elysia'
import type { AppContext } from '../context'
import { pluginSeed } from '../context'
import type { SessionStore } from '../infra/sessions'
import { authPlugin } from '../infra/auth-plugin'
import { badRequest } from '../http/errors'
import { intParam, optionalTaxYearParam, userIdParam } from '../http/params'
import { targetUserId } from '../infra/actor-may'
import { jsonWithEtag } from '../http/etag'
import type { BlobStore } from '../infra/blob-store'
import { parseUpload } from './multipart'
import { categoryList } from './categories'
import { serveVersion } from './serve'
import { categoryState, setRelevance } from './relevance'
import { fileHistory, listFiles } from './listing'
import { moveFile, softDelete } from './lifecycle'
import { storeUploads } from './upload'
import { versionForViewer } from './access'
import { requireStorageLeft } from './quota'
import type { DocumentHooks } from './hooks'
import {
  categoryRecordSchema,
  fileRecordSchema,
  fileVersionSchema,
  relevanceAnswerSchema,
  type UploadAnswer,
  uploadResponseSchema,
} from './model'

/** All files failed: the answer carries the first failure's own status, code and message, plus the per-file results. */
function uploadResponse(answer: UploadAnswer): Response {
  const firstFailure = answer.files.find((f) => f.status === 'rejected')
  const allFailed = answer.failedCount === answer.files.length && firstFailure?.status === 'rejected'
  const status = allFailed ? firstFailure.httpStatus : 200
  const body = allFailed
    ? { message: firstFailure.reason, code: firstFailure.code, ...answer }
    : { success: true, ...answer }
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } })
}

/** A year in a body, as text or a number: text first, so that Elysia passes the text to taxYearParam unchanged. */
const yearBody = t.Union([t.String(), t.Integer()])

/** The upload form's "I don't know the category" flag. */
const isAutoCategory = (raw: string | undefined) => raw === '1' || raw === 'true'

/**
 * The documents' routes; app.ts hands them the one blob store of the data folder and the hooks into the areas above
 * (wiring.ts).
 */
// long: the area's route table: one short handler per route, read top to bottom
export function documentRoutes(ctx: AppContext, sessions: SessionStore, store: BlobStore, hooks: DocumentHooks) {
  return (
    new Elysia({ name: 'document-routes', seed: pluginSeed(ctx) })
      .use(authPlugin(ctx, sessions))
      // The dashboard upload: repeated `files`, `hashes[]`, optional categoryId, taxYear.
      .post(
        '/api/files/upload',
        async ({ request, user }) => {
          await requireStorageLeft(ctx, user.id)
          const parsed = await parseUpload(request, store)
          const f = parsed.fields
          const hashes = f.get('hashes[]') ?? f.get('hashes') ?? []
          const answer = await storeUploads(ctx, store, hooks, user, parsed, {
            taxYear: f.get('taxYear')?.[0],
            categoryId: f.get('categoryId')?.[0],
            hashes,
            autoCategory: isAutoCategory(f.get('autoCategory')?.[0]),
          })
          return uploadResponse(answer)
        },
        { auth: true, parse: 'none', response: uploadResponseSchema },
      )
      // The per-category upload of the advanced sections: `hashes` is a JSON array.
      .post(
        '/api/upload',
        async ({ request, user }) => {
          await requireStorageLeft(ctx, user.id)
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
          const answer = await storeUploads(ctx, store, hooks, user, parsed, {
            taxYear: f.get('taxYear')?.[0],
            categoryId: f.get('categoryId')?.[0],
            hashes,
            autoCategory: isAutoCategory(f.get('autoCategory')?.[0]),
          })
          return uploadResponse(answer)
        },
        { auth: true, parse: 'none', response: uploadResponseSchema },
      )
      .get(
        '/api/files',
        async ({ request, query, user, set }) => {
          const ownerId = targetUserId(user, userIdParam(query.userId))
          const taxYear = optionalTaxYearParam(query.taxYear)
          const limit = intParam(query.limit, 200, 1, 1000, 'limit')
          const offset = intParam(query.offset, 0, 0, Number.MAX_SAFE_INTEGER, 'offset')
          return jsonWithEtag(
            { request, set },
            await listFiles(ctx, ownerId, user.language, { taxYear, limit, offset }),
          )
        },
        {
          auth: true,
          query: t.Object({
            taxYear: t.Optional(t.String()),
            userId: t.Optional(t.String()),
            limit: t.Optional(t.String()),
            offset: t.Optional(t.String()),
          }),
          response: t.Array(fileRecordSchema),
        },
      )
      .get('/api/files/:id/history', ({ params, user }) => fileHistory(ctx, user, params.id), {
        auth: true,
        response: t.Array(fileVersionSchema),
      })
      .get(
        '/api/files/:id/content',
        async ({ params, query, rc }) => {
          const found = await versionForViewer(ctx, rc, params.id)
          return serveVersion(store, found.version, found.file.originalName, query.download === '1')
        },
        { auth: true, query: t.Object({ download: t.Optional(t.String()) }) },
      )
      .get(
        '/api/files/:id/versions/:version/content',
        async ({ params, query, rc }) => {
          const found = await versionForViewer(ctx, rc, params.id, intParam(params.version, 0, 1, 1_000_000, 'version'))
          return serveVersion(store, found.version, found.file.originalName, query.download === '1')
        },
        { auth: true, query: t.Object({ download: t.Optional(t.String()) }) },
      )
      .delete(
        '/api/files/:id',
        async ({ params, user }) => ({ success: true, ...(await softDelete(ctx, hooks, user, params.id)) }),
        {
          auth: true,
          response: t.Object({ success: t.Boolean(), statusAdvanced: t.Boolean() }),
        },
      )
      .post('/api/files/:id/move', ({ params, body, user }) => moveFile(ctx, hooks, user, params.id, body), {
        auth: true,
        body: t.Object({
          categoryId: t.Union([t.Integer(), t.String()]),
          // Text first: with the integer first Elysia turns '0x7e9' or ' 2025' into 2025 before the one parser
          // (taxYearParam) could refuse it.
          taxYear: t.Optional(yearBody),
        }),
        response: t.Object({
          success: t.Boolean(),
          id: t.String(),
          categoryId: t.Number(),
          taxYear: t.Number(),
          statusAdvanced: t.Boolean(),
        }),
      })
      .get(
        '/api/document-categories',
        async ({ query, user }) => {
          const taxYear = optionalTaxYearParam(query.taxYear)
          const mode = query.mode === 'all' ? 'all' : 'basic'
          if (query.mode && query.mode !== 'all' && query.mode !== 'basic')
            throw badRequest(`Invalid field 'mode': expected basic or all`)
          return categoryList(user.language, mode, await categoryState(ctx, user.id, taxYear))
        },
        {
          auth: true,
          query: t.Object({ taxYear: t.Optional(t.String()), mode: t.Optional(t.String()) }),
          response: t.Array(categoryRecordSchema),
        },
      )
      .post(
        '/api/user-preferences/:categoryId',
        async ({ params, body, user }) => {
          // The spec's section toggles use this call with their toggle key: the named ones
          // ('spouse', 'children') are sections, numbers are document categories (docs/documents.md).
          const toggled = await hooks.toggleSection(user.id, params.categoryId, body.taxYear, body.isRelevant)
          if (toggled) return toggled
          const id = intParam(params.categoryId, 0, 1, 1000, 'categoryId')
          return await setRelevance(ctx, hooks, user.id, id, body.taxYear, body.isRelevant)
        },
        {
          auth: true,
          body: t.Object({ taxYear: yearBody, isRelevant: t.Boolean() }),
          response: relevanceAnswerSchema,
        },
      )
  )
}
