import { first } from '../db/query'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import { recognitions } from '../db/schema'
import { currentVersionFor, type Viewer } from '../documents/access'
import { audit } from '../infra/audit'
import type { RequestContext } from '../infra/request-context'
import type { EStatement } from '../../shared/recognition/e-statement'
import { readStatementXmlBlob, XML_KEY, type StoredFields } from './statement-store'

/** The statement read from a version (the current one by default), or null; owner or admin. */
export async function statementOf(
  ctx: AppContext,
  viewer: Viewer,
  fileId: string,
  versionNo?: number,
): Promise<EStatement | null> {
  const { version } = await currentVersionFor(ctx, viewer, fileId, versionNo)
  const row = await first(
    ctx.db.select({ fields: recognitions.fields }).from(recognitions).where(eq(recognitions.versionId, version.id)),
  )
  return row?.fields ? ((JSON.parse(row.fields) as StoredFields).statement ?? null) : null
}

/**
 * The eCH-0196 XML of a version's statement (the current version by default), decrypted, for a
 * download; null when the version holds none. The XML is the document's content: an expert reading
 * another user's is audited like a download.
 */
export async function statementXml(
  ctx: AppContext,
  rc: RequestContext,
  fileId: string,
  versionNo?: number,
): Promise<string | null> {
  const { file, version } = await currentVersionFor(ctx, rc.user, fileId, versionNo)
  const row = await first(ctx.db.select().from(recognitions).where(eq(recognitions.versionId, version.id)))
  const key = row?.fields ? (JSON.parse(row.fields) as StoredFields)[XML_KEY] : undefined
  if (!row || !key) return null
  if (file.userId !== rc.user.id)
    await audit(
      ctx,
      rc,
      'admin_read_statement_xml',
      { fileId, version: version.version },
      { target: { userId: file.userId } },
    )
  return readStatementXmlBlob(ctx, row.fileId, row.versionId, key)
}
