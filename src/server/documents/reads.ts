import { first } from '../db/query'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { AppContext } from '../context'
import { files, fileVersions } from '../db/schema'
import type { BlobStore } from '../infra/blob-store'
import { versionUrl } from './access'

// What the areas above read of the files without a viewer, each having decided who may see them: recognition
// (versionContent, liveFile), a message's attachments (fileLinks), the export (exportableVersions) and the
// expert's dossier (currentVersionsOfYear).

/** The plaintext of one stored version, for recognition. Null when the file or version is gone. */
export async function versionContent(ctx: AppContext, store: BlobStore, fileId: string, versionId: string) {
  const file = await liveFile(ctx, fileId)
  const version =
    file &&
    (await first(
      ctx.db
        .select()
        .from(fileVersions)
        .where(and(eq(fileVersions.id, versionId), eq(fileVersions.fileId, fileId))),
    ))
  if (!file || !version) return null
  const bytes = new Uint8Array(await new Response(store.read(fileId, versionId, version.wrappedKey)).arrayBuffer())
  return { file, version, bytes }
}

/** The live file row, for areas that act on a file without a viewer (recognition's own move). */
export const liveFile = async (ctx: AppContext, fileId: string) =>
  (await first(
    ctx.db
      .select()
      .from(files)
      .where(and(eq(files.id, fileId), isNull(files.deletedAt))),
  )) ?? null

/**
 * Live files named elsewhere (a message's attachment, issue 25): owner, name and the current version's address.
 * A deleted or unknown file is absent.
 */
export async function fileLinks(ctx: AppContext, fileIds: string[]) {
  const ids = [...new Set(fileIds)]
  if (ids.length === 0) return new Map<string, { fileId: string; userId: number; filename: string; blobUrl: string }>()
  const rows = await ctx.db
    .select({ id: files.id, userId: files.userId, name: files.originalName, version: files.currentVersion })
    .from(files)
    .where(and(inArray(files.id, ids), isNull(files.deletedAt)))
  return new Map(
    rows.map((r) => [r.id, { fileId: r.id, userId: r.userId, filename: r.name, blobUrl: versionUrl(r.id, r.version) }]),
  )
}

/** Every version of a person's live files, for the export (oldest first within a file). */
export async function exportableVersions(ctx: AppContext, userId: number) {
  return await ctx.db
    .select({
      fileId: files.id,
      versionId: fileVersions.id,
      version: fileVersions.version,
      currentVersion: files.currentVersion,
      taxYear: files.taxYear,
      categoryId: files.categoryId,
      name: files.originalName,
      size: fileVersions.size,
      sha256: fileVersions.sha256,
      wrappedKey: fileVersions.wrappedKey,
      createdAt: fileVersions.createdAt,
    })
    .from(fileVersions)
    .innerJoin(files, eq(files.id, fileVersions.fileId))
    .where(and(eq(files.userId, userId), isNull(files.deletedAt)))
    .orderBy(files.taxYear, files.categoryId, files.originalName, fileVersions.version)
}

/**
 * The current version of every live file of a year, in category order and by name within a category (the
 * expert's dossier). Metadata only; the bytes are read one document at a time with `versionContent`.
 */
export async function currentVersionsOfYear(ctx: AppContext, userId: number, taxYear: number) {
  return await ctx.db
    .select({
      fileId: files.id,
      versionId: fileVersions.id,
      version: fileVersions.version,
      originalName: files.originalName,
      categoryId: files.categoryId,
      size: fileVersions.size,
      sha256: fileVersions.sha256,
      uploadedAt: fileVersions.createdAt,
    })
    .from(files)
    .innerJoin(fileVersions, and(eq(fileVersions.fileId, files.id), eq(fileVersions.version, files.currentVersion)))
    .where(and(eq(files.userId, userId), eq(files.taxYear, taxYear), isNull(files.deletedAt)))
    .orderBy(files.categoryId, files.originalName, files.id)
}
