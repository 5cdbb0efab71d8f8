import { first } from '../db/query'
import { randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { AppContext } from '../context'
import { files, fileVersions } from '../db/schema'
import { ApiError, badRequest } from '../http/errors'
import { taxYearParam } from '../http/params'
import { categoryById, DEFAULT_CATEGORY_ID } from '../../shared/documents'
import type { UploadAnswer, UploadItemResult } from './model'
import type { BlobStore } from '../infra/blob-store'
import type { ParsedUpload } from './multipart'
import { emitStored } from './events'
import { touchActivity } from '../users/service'
import { versionUrl, type Viewer } from './access'
import type { DocumentHooks } from './hooks'
import { quotaExceeded, storageUsed } from './quota'

// Storing an upload that multipart.ts has streamed in: each file checked, then its rows and blob in one
// transaction.

function requireCategory(raw: unknown): number {
  if (raw === undefined || raw === null || raw === '') return DEFAULT_CATEGORY_ID
  const id = Number(raw)
  if (!Number.isInteger(id) || !categoryById(id))
    throw badRequest(`Invalid field 'categoryId': no such document category`, 'UNKNOWN_CATEGORY')
  return id
}

type UploadedFile = ParsedUpload['files'][number]

/** A streamed file is stored only when its content type fits its name and its SHA-256 is the one the client sent. */
async function verifyUploadedFile(file: UploadedFile, hash: string | undefined) {
  if (file.error) throw file.error
  if (!file.writer || !file.sha256) throw new ApiError(400, 'UPLOAD_FAILED', 'Upload failed')
  await file.inspector!.check(file.name, file.writer.head)
  const expected = (hash ?? '').trim().toLowerCase()
  if (!/^[0-9a-f]{64}$/.test(expected))
    throw badRequest(`Missing field 'hashes': a SHA-256 is required for ${file.name}`, 'MISSING_HASH')
  if (expected !== file.sha256)
    throw new ApiError(422, 'HASH_MISMATCH', `Upload verification failed: the SHA-256 of ${file.name} does not match.`)
  return { writer: file.writer, sha256: file.sha256 }
}

/**
 * One verified file's rows: a new file, a new version of the same name in the same category and year, or nothing
 * when the content equals the current version. The lookup (same name → new version), the quota and the insert are
 * one transaction under the person's lock: no other upload, in this process or another, interleaves between them.
 */
async function storeVersion(
  ctx: AppContext,
  store: BlobStore,
  hooks: DocumentHooks,
  owner: Viewer,
  place: { taxYear: number; categoryId: number },
  file: UploadedFile,
  verified: { writer: NonNullable<UploadedFile['writer']>; sha256: string },
) {
  const { taxYear, categoryId } = place
  return await ctx.tx(async () => {
    await ctx.lock(`files:${owner.id}`)
    // Asked again inside the transaction: the year may have been transmitted while the file streamed in (the
    // version is then marked as arriving after the transmission).
    await ctx.lock(`status:${owner.id}:${taxYear}`)
    const { late } = await hooks.requireMayAdd(owner.id, taxYear, categoryId)
    const existing = await first(
      ctx.db
        .select()
        .from(files)
        .where(
          and(
            eq(files.userId, owner.id),
            eq(files.taxYear, taxYear),
            eq(files.categoryId, categoryId),
            eq(files.originalName, file.name),
            isNull(files.deletedAt),
          ),
        ),
    )
    const current =
      existing &&
      (await first(
        ctx.db
          .select()
          .from(fileVersions)
          .where(and(eq(fileVersions.fileId, existing.id), eq(fileVersions.version, existing.currentVersion))),
      ))
    if (existing && current?.sha256 === verified.sha256) return { existing, unchanged: true as const }
    if ((await storageUsed(ctx, owner.id)) + file.size > ctx.config.userQuotaBytes) throw quotaExceeded(ctx)
    const fileId = existing?.id ?? randomUUID()
    const versionId = randomUUID()
    const version = (existing?.currentVersion ?? 0) + 1
    const now = ctx.now()
    if (existing)
      await ctx.db.update(files).set({ currentVersion: version, updatedAt: now }).where(eq(files.id, fileId))
    else
      await ctx.db.insert(files).values({
        id: fileId,
        userId: owner.id,
        taxYear,
        categoryId,
        originalName: file.name,
        currentVersion: 1,
        createdAt: now,
        updatedAt: now,
      })
    await ctx.db.insert(fileVersions).values({
      id: versionId,
      fileId,
      version,
      sha256: verified.sha256,
      size: file.size,
      wrappedKey: file.wrappedKey!,
      createdAt: now,
      uploadedBy: owner.id,
      afterTransmission: late,
    })
    // Last, so the row commits only once the blob is stored (renamed into place, or PUT to the bucket): a refusal
    // before it leaves the blob in its temporary file, which the caller discards; a failure after it, an orphan
    // that the scheduled sweep removes.
    await store.commit(verified.writer, fileId, versionId)
    return { existing, unchanged: false as const, fileId, versionId, version }
  })
}

/**
 * Checks each streamed file (content type, hash) and stores the good ones (storeVersion). Refused files leave
 * nothing behind. The blob is renamed into place before its row commits.
 */
export async function storeUploads(
  ctx: AppContext,
  store: BlobStore,
  hooks: DocumentHooks,
  owner: Viewer,
  parsed: ParsedUpload,
  input: { taxYear: unknown; categoryId: unknown; hashes: string[]; autoCategory?: boolean },
): Promise<UploadAnswer> {
  let taxYear: number, categoryId: number
  try {
    taxYear = taxYearParam(input.taxYear)
    // "I don't know the category": Other Documents, until recognition moves it (docs/recognition.md).
    categoryId = input.autoCategory ? DEFAULT_CATEGORY_ID : requireCategory(input.categoryId)
    await hooks.requireMayAdd(owner.id, taxYear, categoryId)
    if (parsed.files.length === 0) throw badRequest(`Missing field 'files': no file was uploaded`, 'NO_FILES')
  } catch (err) {
    parsed.discardAll()
    throw err
  }

  const results: UploadItemResult[] = []
  for (const [i, file] of parsed.files.entries()) {
    try {
      const verified = await verifyUploadedFile(file, input.hashes[i])
      const stored = await storeVersion(ctx, store, hooks, owner, { taxYear, categoryId }, file, verified)
      if (stored.unchanged) {
        const { existing } = stored
        verified.writer.discard()
        const value = { id: existing.id, version: existing.currentVersion }
        results.push({
          status: 'fulfilled',
          value: { hash: verified.sha256, blobUrl: versionUrl(value.id, value.version), ...value, unchanged: true },
        })
        continue
      }
      const { existing, fileId, versionId, version } = stored
      await emitStored(ctx, {
        fileId,
        versionId,
        userId: owner.id,
        taxYear,
        categoryId: existing?.categoryId ?? categoryId,
        name: file.name,
        autoCategory: !!input.autoCategory,
      })
      results.push({
        status: 'fulfilled',
        value: { hash: verified.sha256, blobUrl: versionUrl(fileId, version), id: fileId, version, unchanged: false },
      })
    } catch (err) {
      file.writer?.discard()
      if (!(err instanceof ApiError)) ctx.log.error('upload failed', { error: (err as Error)?.stack ?? String(err) })
      const e = err instanceof ApiError ? err : new ApiError(400, 'UPLOAD_FAILED', 'Upload failed')
      results.push({ status: 'rejected', reason: e.message, code: e.code, httpStatus: e.status, filename: file.name })
    }
  }
  const failedCount = results.filter((r) => r.status === 'rejected').length
  if (failedCount < results.length) await touchActivity(ctx, owner.id)
  const statusAdvanced = failedCount < results.length && (await hooks.filesChanged(owner.id, taxYear))
  return { files: results, failedCount, statusAdvanced }
}
