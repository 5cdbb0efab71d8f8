import { and, eq, like } from 'drizzle-orm'
import type { AppContext } from '../context'
import { recognitions } from '../db/schema'
import { openBlobStore, ORPHAN_GRACE_MS, type BlobStore } from '../infra/blob-store'
import type { RecognisedFields } from '../../shared/recognition/fields'

/**
 * The eCH-0196 XML of an e-Steuerauszug, as decompressed from its barcodes: kept encrypted like the
 * extracted text (its own data key, wrapped by the master key) under
 * DATA_DIR/recognition/statements/blobs/<fileId>/<versionId> (or the bucket's recognition/statements/blobs/), for
 * the expert's audited download.
 * The wrapped key lives in the recognition's fields (fields.statementXmlKey), which the API never
 * returns: no column, so no migration.
 */
const stores = new WeakMap<AppContext, Promise<BlobStore>>()
function storeOf(ctx: AppContext): Promise<BlobStore> {
  let s = stores.get(ctx)
  if (!s) {
    s = openBlobStore(ctx, 'recognition/statements')
    stores.set(ctx, s)
  }
  return s
}

/** The XMLs' store, for checks and tests. */
export const statementStore = storeOf

/** The fields' entry that holds the XML's wrapped data key. */
export const XML_KEY = 'statementXmlKey'
export type StoredFields = RecognisedFields & { [XML_KEY]?: string }

/** Encrypts and stores the XML; returns the wrapped data key. */
export async function saveStatementXml(ctx: AppContext, fileId: string, versionId: string, xml: string) {
  const store = await storeOf(ctx)
  const writer = store.begin()
  try {
    writer.write(new TextEncoder().encode(xml))
    const { wrappedKey } = writer.finishSync()
    await store.commit(writer, fileId, versionId)
    return wrappedKey
  } catch (err) {
    writer.discard()
    throw err
  }
}

export const readStatementXmlBlob = async (ctx: AppContext, fileId: string, versionId: string, wrappedKey: string) =>
  await new Response((await storeOf(ctx)).read(fileId, versionId, wrappedKey)).text()

export const removeStatementXml = async (ctx: AppContext, fileId: string) =>
  await (await storeOf(ctx)).removeFile(fileId)

const rowsWithXml = async (ctx: AppContext) =>
  await ctx.db
    .select({ id: recognitions.versionId, fields: recognitions.fields })
    .from(recognitions)
    .where(like(recognitions.fields, `%"${XML_KEY}"%`))

/** Removes XML blobs whose recognition is gone (a crash between the row's deletion and the blob's). */
export async function sweepStatementXml(ctx: AppContext, graceMs = ORPHAN_GRACE_MS): Promise<number> {
  const known = new Set((await rowsWithXml(ctx)).map((r) => r.id))
  const store = await storeOf(ctx)
  await store.sweepTemp(graceMs)
  return await store.sweepOrphans((_fileId, versionId) => known.has(versionId), graceMs)
}

/** `swisstax keys rotate`: the XMLs' data keys are re-wrapped with the texts'. */
export async function rewrapStatementXmlKeys(
  ctx: AppContext,
  from: { unwrap(w: string): Buffer },
  to: { wrap(k: Buffer): string },
): Promise<number> {
  return await ctx.tx(async () => {
    const rows = await rowsWithXml(ctx)
    for (const row of rows) {
      const fields = JSON.parse(row.fields!) as StoredFields
      if (!fields[XML_KEY]) continue
      fields[XML_KEY] = to.wrap(from.unwrap(fields[XML_KEY]))
      await ctx.db
        .update(recognitions)
        .set({ fields: JSON.stringify(fields) })
        .where(and(eq(recognitions.versionId, row.id)))
    }
    return rows.length
  })
}

/** The fields as the API gives them: without the XML's key. */
export function publicFields(fields: StoredFields): RecognisedFields {
  const { [XML_KEY]: _key, ...rest } = fields
  return rest
}
