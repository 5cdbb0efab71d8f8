import { first, skipLocked } from '../db/query'
import { and, asc, eq, isNull, lt, lte, min, or, sql } from 'drizzle-orm'
import type { AppContext } from '../context'
import { fileVersions, recognitions } from '../db/schema'
import { ApiError } from '../http/errors'
import { currentVersionFor, type Viewer } from '../documents/access'
import { liveFile } from '../documents/reads'
import { moveFile } from '../documents/lifecycle'
import type { DocumentHooks } from '../documents/hooks'
import type { BlobStore } from '../infra/blob-store'
import { audit } from '../infra/audit'
import type { RequestContext } from '../infra/request-context'
import type { StoredVersion } from '../documents/events'
import { AUTO_MOVE_CONFIDENCE, type RecognitionAnswer } from '../../shared/recognition/types'
import { DEFAULT_CATEGORY_ID } from '../../shared/documents'
import { kindOf } from './worker/kinds'
import type { Pool } from './pool'
import { readText, removeTexts, saveText } from './text-store'
import { summaryOf } from './summary'
import { publicFields, removeStatementXml, saveStatementXml, XML_KEY, type StoredFields } from './statement-store'
import { MAX_TEXT_CHARS } from './bounds'

/** A job that crashed or timed out its worker this often is given up (a file that kills the reader). */
export const MAX_ATTEMPTS = 3

/** Queues recognition of a stored version. Synchronous and cheap: the upload's answer does not wait. */
export async function enqueue(ctx: AppContext, v: StoredVersion) {
  const now = ctx.now()
  await ctx.tx(() =>
    ctx.db
      .insert(recognitions)
      .values({
        versionId: v.versionId,
        fileId: v.fileId,
        userId: v.userId,
        status: 'pending',
        autoMove: v.autoCategory,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing(),
  )
}

/** Removes what was read from a file (rows and encrypted texts), when the file is deleted. */
export async function removeForFile(ctx: AppContext, fileId: string) {
  await ctx.tx(() => ctx.db.delete(recognitions).where(eq(recognitions.fileId, fileId)))
  await removeTexts(ctx, fileId)
  await removeStatementXml(ctx, fileId)
}

/** GET /api/files/:id/recognition[?version=N]: a version's recognition, the current one by default (owner or admin). */
export async function recognitionFor(
  ctx: AppContext,
  viewer: Viewer,
  fileId: string,
  versionNo?: number,
): Promise<RecognitionAnswer> {
  const { file, version } = await currentVersionFor(ctx, viewer, fileId, versionNo)
  const row = await first(ctx.db.select().from(recognitions).where(eq(recognitions.versionId, version.id)))
  if (!row) throw new ApiError(404, 'NOT_RECOGNISED', 'This file has not been queued for recognition.')
  return {
    fileId: file.id,
    version: version.version,
    ...summaryOf(row),
    language: (row.language as RecognitionAnswer['language']) ?? null,
    fields: row.fields ? publicFields(JSON.parse(row.fields)) : {},
    reason: row.reason ? JSON.parse(row.reason) : [],
    method: row.method,
  }
}

/**
 * The extracted text of a version (the current one by default), for the expert (admin) or the owner;
 * null before it is read.
 */
export async function recognisedText(
  ctx: AppContext,
  rc: RequestContext,
  fileId: string,
  versionNo?: number,
): Promise<string | null> {
  const { file, version } = await currentVersionFor(ctx, rc.user, fileId, versionNo)
  // The text is the document's content: an expert reading another user's is audited like a download.
  if (file.userId !== rc.user.id)
    await audit(ctx, rc, 'admin_read_text', { fileId, version: version.version }, { target: { userId: file.userId } })
  const row = await first(ctx.db.select().from(recognitions).where(eq(recognitions.versionId, version.id)))
  if (!row?.textKey) return null
  try {
    return await readText(ctx, row.fileId, row.versionId, row.textKey)
  } catch (err) {
    // A text that cannot be decrypted (a key rotation cut off halfway) is read again from the document.
    ctx.log.warn('recognised text unreadable; queued again', { fileId, error: (err as Error).message })
    await ctx.tx(() =>
      ctx.db
        .update(recognitions)
        .set({ status: 'pending', attempts: 0, notBefore: null, textKey: null, updatedAt: ctx.now() })
        .where(eq(recognitions.versionId, row.versionId)),
    )

    return null
  }
}

/**
 * Writes a job's progress or result, only while this process still holds its lease: a process that was
 * thought dead (its lease ran out) and comes back finds its job taken over and writes nothing. A result
 * (anything but the attempt count) ends the lease.
 */
const finish = async (ctx: AppContext, versionId: string, set: Partial<typeof recognitions.$inferInsert>) => {
  const ends = Object.keys(set).some((k) => k !== 'attempts')
  await ctx.tx(() =>
    ctx.db
      .update(recognitions)
      .set({ ...set, ...(ends ? { leaseOwner: null, leaseUntil: null } : {}), updatedAt: ctx.now() })
      .where(and(eq(recognitions.versionId, versionId), eq(recognitions.leaseOwner, ctx.instance))),
  )
}

/**
 * One job: decrypt the version, let a worker process extract the text and classify it,
 * store the text encrypted and the result. The server's thread does nothing with the text
 * but store it (at most MAX_TEXT_CHARS): a worker reads and classifies. A worker that ends
 * (a crash, or a limit it keeps) leaves the job pending for another try after a while
 * (RECOGNITION_RETRY_SECONDS, bounds.ts), up to MAX_ATTEMPTS; then it is 'failed' with the worker's reason.
 */
export async function runJob(
  ctx: AppContext,
  blobs: BlobStore,
  hooks: DocumentHooks,
  pool: Pool,
  versionId: string,
): Promise<void> {
  const row = await first(ctx.db.select().from(recognitions).where(eq(recognitions.versionId, versionId)))
  if (row?.status !== 'pending') return
  // Tries counted when they start: a server that stopped during one counts it too.
  if (row.attempts >= MAX_ATTEMPTS) return void gaveUp(ctx, versionId, row.reason)
  await finish(ctx, versionId, { attempts: row.attempts + 1 })
  const file = await liveFile(ctx, row.fileId)
  const version =
    file &&
    (await first(
      ctx.db
        .select({ size: fileVersions.size, wrappedKey: fileVersions.wrappedKey })
        .from(fileVersions)
        .where(and(eq(fileVersions.id, versionId), eq(fileVersions.fileId, row.fileId))),
    ))
  if (!file || !version) return await removeForFile(ctx, row.fileId)
  const kind = kindOf(file.originalName)
  if (!kind || kind === 'doc')
    return void (await finish(ctx, versionId, {
      status: 'unsupported',
      reason: JSON.stringify([
        kind === 'doc' ? 'the old Word format (.doc) is not read' : 'this file type is not read',
      ]),
    }))

  const started = performance.now()
  let answer: Awaited<ReturnType<Pool['run']>>
  try {
    // Decrypted as it goes to the worker: the server holds a part of it at a time, and waits on the pipe between parts.
    const stream = blobs.read(row.fileId, versionId, version.wrappedKey)
    answer = await pool.run(file.originalName, { size: version.size, stream })
  } catch (err) {
    const why = (err as Error).message
    ctx.log.warn('recognition worker ended during a job', { versionId, attempt: row.attempts + 1, reason: why })
    if (row.attempts + 1 >= MAX_ATTEMPTS) return void gaveUp(ctx, versionId, JSON.stringify([why]))
    const wait = ctx.config.recognitionRetryMs * 2 ** row.attempts
    return void (await finish(ctx, versionId, { notBefore: ctx.now() + wait, reason: JSON.stringify([why]) }))
  }
  if (!answer.ok) {
    return void (await finish(ctx, versionId, {
      status: answer.unsupported ? 'unsupported' : 'failed',
      reason: JSON.stringify([answer.error]),
    }))
  }
  // Classified by the worker (an e-Steuerauszug by its XML); the text is bounded there, and again here as it is stored.
  const { result } = answer
  const text = answer.text.length > MAX_TEXT_CHARS ? answer.text.slice(0, MAX_TEXT_CHARS) : answer.text
  // The file may have been deleted while the worker read it: then nothing is kept.
  if (!(await liveFile(ctx, row.fileId))) return await removeForFile(ctx, row.fileId)
  const textKey = text.trim() ? await saveText(ctx, row.fileId, versionId, text) : null
  const fields: StoredFields = { ...result.fields }
  if (answer.statementXml) fields[XML_KEY] = await saveStatementXml(ctx, row.fileId, versionId, answer.statementXml)
  await finish(ctx, versionId, {
    status: 'done',
    categoryId: result.categoryId,
    confidence: result.confidence,
    language: result.language,
    documentYear: result.fields.year ?? null,
    fields: JSON.stringify(fields),
    reason: JSON.stringify(result.reason),
    method: answer.method,
    textKey,
    ms: Math.round(performance.now() - started),
  })
  if (row.autoMove) await autoMove(ctx, hooks, row.fileId, row.userId, versionId, result.categoryId, result.confidence)
}

/** The last try failed: 'failed', with the worker's last reason (TOO_LARGE when a limit ended it). */
const gaveUp = (ctx: AppContext, versionId: string, reason: string | null) =>
  finish(ctx, versionId, { status: 'failed', reason: reason ?? JSON.stringify(['the document could not be read']) })

/** "I don't know the category": the server moves the file itself once it is sure enough. */
async function autoMove(
  ctx: AppContext,
  hooks: DocumentHooks,
  fileId: string,
  userId: number,
  versionId: string,
  categoryId: number,
  confidence: number,
) {
  const file = await liveFile(ctx, fileId)
  if (
    !file ||
    file.categoryId !== DEFAULT_CATEGORY_ID ||
    categoryId === DEFAULT_CATEGORY_ID ||
    confidence < AUTO_MOVE_CONFIDENCE
  )
    return
  try {
    await moveFile(ctx, hooks, { id: userId, role: 'user', language: 'en' }, fileId, { categoryId })
    await ctx.tx(() =>
      ctx.db.update(recognitions).set({ movedFrom: DEFAULT_CATEGORY_ID }).where(eq(recognitions.versionId, versionId)),
    )
  } catch (err) {
    // A file of the same name already there, or the year transmitted meanwhile: it stays where it is.
    ctx.log.info('recognition did not move a file', { fileId, reason: (err as Error).message })
  }
}

/** A claimed job is this process's this long past its worker's own time limit; then another may take it. */
const leaseMs = (ctx: AppContext) => ctx.config.recognitionTimeoutMs + 60_000

/**
 * Claims the pending job that came first and that no live process holds (a job to be tried again counts as
 * coming at its `notBefore`, and waits until then): its lease names this process until the job's time limit
 * has passed, so two processes never read one document, and one that died leaves its job to the others.
 */
export async function claimNext(ctx: AppContext): Promise<string | null> {
  const now = ctx.now()
  return ctx.tx(async () => {
    const [next] = await skipLocked(
      ctx.backend.dialect,
      ctx.db
        .select({ id: recognitions.versionId })
        .from(recognitions)
        .where(
          and(
            eq(recognitions.status, 'pending'),
            or(isNull(recognitions.notBefore), lte(recognitions.notBefore, now)),
            or(isNull(recognitions.leaseUntil), lt(recognitions.leaseUntil, now)),
          ),
        )
        .orderBy(asc(sql`coalesce(${recognitions.notBefore}, ${recognitions.createdAt})`), asc(recognitions.versionId))
        .limit(1),
    )
    if (!next) return null
    await ctx.db
      .update(recognitions)
      .set({ leaseOwner: ctx.instance, leaseUntil: now + leaseMs(ctx) })
      .where(eq(recognitions.versionId, next.id))
    return next.id
  })
}

/** At shutdown: the jobs this process holds go back to the queue for another process, without waiting. */
export async function releaseRecognitionLeases(ctx: AppContext) {
  await ctx.backend.run(
    "UPDATE recognitions SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = ? AND status = 'pending'",
    ctx.instance,
  )
}

/** When the earliest job waiting to be tried again may run (ms), or null when none waits. */
export async function nextRetryAt(ctx: AppContext): Promise<number | null> {
  return (
    (
      await first(
        ctx.db
          .select({ at: min(recognitions.notBefore) })
          .from(recognitions)
          .where(and(eq(recognitions.status, 'pending'), sql`${recognitions.notBefore} > ${ctx.now()}`)),
      )
    )?.at ?? null
  )
}

export const pendingCount = async (ctx: AppContext) =>
  (await ctx.db.select({ id: recognitions.versionId }).from(recognitions).where(eq(recognitions.status, 'pending')))
    .length
