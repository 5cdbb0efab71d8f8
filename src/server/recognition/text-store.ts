import { eq, isNotNull } from 'drizzle-orm'
import type { AppContext } from '../context'
import { recognitions } from '../db/schema'
import { openBlobStore, ORPHAN_GRACE_MS, type BlobStore } from '../infra/blob-store'

/**
 * The extracted text is as sensitive as the document, so it is kept like the documents:
 * an encrypted blob (own data key, wrapped by the master key, docs/storage.md) under
 * DATA_DIR/recognition/blobs/<fileId>/<versionId> (or the bucket's recognition/blobs/), written through the same
 * blob store.
 */
const stores = new WeakMap<AppContext, Promise<BlobStore>>()
function storeOf(ctx: AppContext): Promise<BlobStore> {
  let s = stores.get(ctx)
  if (!s) {
    s = openBlobStore(ctx, 'recognition')
    stores.set(ctx, s)
  }
  return s
}

/** Encrypts and stores the text; returns the wrapped data key for the row. */
export async function saveText(ctx: AppContext, fileId: string, versionId: string, text: string): Promise<string> {
  const store = await storeOf(ctx)
  const writer = store.begin()
  try {
    writer.write(new TextEncoder().encode(text))
    const { wrappedKey } = writer.finishSync()
    await store.commit(writer, fileId, versionId)
    return wrappedKey
  } catch (err) {
    writer.discard()
    throw err
  }
}

export async function readText(
  ctx: AppContext,
  fileId: string,
  versionId: string,
  wrappedKey: string,
): Promise<string> {
  return new Response((await storeOf(ctx)).read(fileId, versionId, wrappedKey)).text()
}

/** Removes text blobs without a row (ids known to the table), and temporary files. */
export async function sweepTexts(ctx: AppContext, graceMs = ORPHAN_GRACE_MS): Promise<number> {
  const known = new Set(
    (await ctx.db.select({ v: recognitions.versionId }).from(recognitions).where(isNotNull(recognitions.textKey))).map(
      (r) => r.v,
    ),
  )
  const store = await storeOf(ctx)
  await store.sweepTemp(graceMs)
  return await store.sweepOrphans((_fileId, versionId) => known.has(versionId), graceMs)
}

/** `swisstax keys rotate`: the texts' data keys are re-wrapped under the new master key, like the documents'. */
export async function rewrapTextKeys(
  ctx: AppContext,
  from: { unwrap(w: string): Buffer },
  to: { wrap(k: Buffer): string },
): Promise<number> {
  return await ctx.tx(async () => {
    const rows = await ctx.db
      .select({ id: recognitions.versionId, key: recognitions.textKey })
      .from(recognitions)
      .where(isNotNull(recognitions.textKey))

    for (const row of rows)
      await ctx.db
        .update(recognitions)
        .set({ textKey: to.wrap(from.unwrap(row.key!)) })
        .where(eq(recognitions.versionId, row.id))

    return rows.length
  })
}

export const removeTexts = async (ctx: AppContext, fileId: string) => await (await storeOf(ctx)).removeFile(fileId)
/** The texts' store, for checks and tests (what is kept of a text is ciphertext only). */
export const textStore = storeOf
