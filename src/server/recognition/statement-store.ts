import { join } from 'node:path'
import { and, eq, like } from 'drizzle-orm'
import type { AppContext } from '../context'
import { recognitions } from '../db/schema'
import { createBlobStore, type BlobStore } from '../infra/blob-store'
import type { RecognisedFields } from '../../shared/recognition/fields'

/**
 * The eCH-0196 XML of an e-Steuerauszug, as decompressed from its barcodes: kept encrypted like the
 * extracted text (its own data key, wrapped by the master key) under
 * DATA_DIR/recognition/statements/blobs/<fileId>/<versionId>, for the expert's audited download.
 * The wrapped key lives in the recognition's fields (fields.statementXmlKey), which the API never
 * returns: no column, so no migration.
 */
const stores = new WeakMap<AppContext, BlobStore>()
function storeOf(ctx: AppContext): BlobStore {
  let s = stores.get(ctx)
  if (!s) {
    s = createBlobStore(join(ctx.config.dataDir, 'recognition', 'statements'), ctx.keys.master)
    s.sweepTemp()
    stores.set(ctx, s)
  }
  return s
}

/** The fields' entry that holds the XML's wrapped data key. */
export const XML_KEY = 'statementXmlKey'
export type StoredFields = RecognisedFields & { [XML_KEY]?: string }

/** Encrypts and stores the XML; returns the wrapped data key. */
export function saveStatementXml(ctx: AppContext, fileId: string, versionId: string, xml: string): string {
  const store = storeOf(ctx)
  const writer = store.begin()
  try {
    writer.write(new TextEncoder().encode(xml))
    const { wrappedKey } = writer.finishSync()
    store.commit(writer, fileId, versionId)
    return wrappedKey
  } catch (err) {
    writer.discard()
    throw err
  }
}

export const readStatementXmlBlob = (ctx: AppContext, fileId: string, versionId: string, wrappedKey: string) =>
  new Response(storeOf(ctx).read(fileId, versionId, wrappedKey)).text()

export const removeStatementXml = (ctx: AppContext, fileId: string) => storeOf(ctx).removeFile(fileId)

const rowsWithXml = (ctx: AppContext) =>
  ctx.db
    .select({ id: recognitions.versionId, fields: recognitions.fields })
    .from(recognitions)
    .where(like(recognitions.fields, `%"${XML_KEY}"%`))
    .all()

/** Removes XML blobs whose recognition is gone (a crash between the row's deletion and the blob's). */
export function sweepStatementXml(ctx: AppContext): number {
  const known = new Set(rowsWithXml(ctx).map((r) => r.id))
  return storeOf(ctx).sweepOrphans((_fileId, versionId) => known.has(versionId))
}

/** `swisstax keys rotate`: the XMLs' data keys are re-wrapped with the texts'. */
export function rewrapStatementXmlKeys(
  ctx: AppContext,
  from: { unwrap(w: string): Buffer },
  to: { wrap(k: Buffer): string },
): number {
  return ctx.sqlite.transaction(() => {
    const rows = rowsWithXml(ctx)
    for (const row of rows) {
      const fields = JSON.parse(row.fields!) as StoredFields
      if (!fields[XML_KEY]) continue
      fields[XML_KEY] = to.wrap(from.unwrap(fields[XML_KEY]))
      ctx.db
        .update(recognitions)
        .set({ fields: JSON.stringify(fields) })
        .where(and(eq(recognitions.versionId, row.id)))
        .run()
    }
    return rows.length
  })()
}

/** The fields as the API gives them: without the XML's key. */
export function publicFields(fields: StoredFields): RecognisedFields {
  const { [XML_KEY]: _key, ...rest } = fields
  return rest
}
