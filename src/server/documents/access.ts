import { first } from '../db/query'
import { and, eq, isNull } from 'drizzle-orm'
import type { AppContext } from '../context'
import { files, fileVersions } from '../db/schema'
import { notFound } from '../http/errors'
import { audit } from '../infra/audit'
import { actorMay } from '../infra/actor-may'
import type { RequestContext } from '../infra/request-context'

// Who may reach a file: its owner or an admin (actorMay); anyone else gets a 404. The routes that act on one file
// (its versions, content, move, deletion, recognition) ask here first.

export interface Viewer {
  id: number
  role: string
  language: string
}

export type FileRow = typeof files.$inferSelect

/** Where a version's bytes are served (the content route of index.ts). */
export const versionUrl = (fileId: string, version: number) => `/api/files/${fileId}/versions/${version}/content`

/** The live file if the viewer owns it or is an admin; 404 otherwise, so others learn nothing. */
export async function fileForViewer(ctx: AppContext, viewer: Viewer, fileId: string): Promise<FileRow> {
  const row = await first(
    ctx.db
      .select()
      .from(files)
      .where(and(eq(files.id, fileId), isNull(files.deletedAt))),
  )
  if (!row || !actorMay(viewer, row.userId)) throw notFound('File not found', 'FILE_NOT_FOUND')
  return row
}

/** A version to serve; an expert reading another user's file is audited, with the address. */
export async function versionForViewer(ctx: AppContext, rc: RequestContext, fileId: string, version?: number) {
  const file = await fileForViewer(ctx, rc.user, fileId)
  const v = await first(
    ctx.db
      .select()
      .from(fileVersions)
      .where(and(eq(fileVersions.fileId, fileId), eq(fileVersions.version, version ?? file.currentVersion))),
  )
  if (!v) throw notFound('File version not found', 'FILE_NOT_FOUND')
  if (file.userId !== rc.user.id)
    await audit(ctx, rc, 'admin_download', { fileId, version: v.version }, { target: { userId: file.userId } })
  return { file, version: v }
}

/**
 * A version of a file the viewer may see (the current one unless `version` names another); 404 otherwise. No audit:
 * for reading derived data such as recognition.
 */
export async function currentVersionFor(ctx: AppContext, viewer: Viewer, fileId: string, version?: number) {
  const file = await fileForViewer(ctx, viewer, fileId)
  const row = await first(
    ctx.db
      .select()
      .from(fileVersions)
      .where(and(eq(fileVersions.fileId, fileId), eq(fileVersions.version, version ?? file.currentVersion))),
  )
  if (!row) throw notFound('File version not found', 'FILE_NOT_FOUND')
  return { file, version: row }
}
