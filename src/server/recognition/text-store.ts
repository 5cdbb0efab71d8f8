import { join } from 'node:path'
import { eq, isNotNull } from 'drizzle-orm'
import type { AppContext } from '../context'
import { recognitions } from '../db/schema'
import { createBlobStore, ORPHAN_GRACE_MS, type BlobStore } from '../infra/blob-store'

/**
 * The extracted text is as sensitive as the document, so it is kept like the documents:
 * an encrypted blob (own data key, wrapped by the master key, docs/storage.md) under
 * DATA_DIR/recognition/blobs/<fileId>/<versionId>, written through the same blob store.
 */
const stores = new WeakMap<AppContext, BlobStore>()
function storeOf(ctx: AppContext): BlobStore {
  let s = stores.get(ctx)
  if (!s) {
    s = createBlobStore(join(ctx.config.dataDir, 'recognition'), ctx.keys.master)
    stores.set(ctx, s)
  }
  return s
}

/** Encrypts and stores the text; returns the wrapped data key for the row. */
export function saveText(ctx: AppContext, fileId: string, versionId: string, text: string): string {
  const store = storeOf(ctx)
  const writer = store.begin()
  try {
    writer.write(new TextEncoder().encode(text))
    const { wrappedKey } = writer.finishSync()
    store.commit(writer, fileId, versionId)
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
  return new Response(storeOf(ctx).read(fileId, versionId, wrappedKey)).text()
}

/** Removes text blobs without a row (ids known to the table), and temporary files. */
export async function sweepTexts(ctx: AppContext, graceMs = ORPHAN_GRACE_MS): Promise<number> {
  const known = new Set(
    (await ctx.db.select({ v: recognitions.versionId }).from(recognitions).where(isNotNull(recognitions.textKey))).map(
      (r) => r.v,
    ),
  )
  const store = storeOf(ctx)
  store.sweepTemp(graceMs)
  return store.sweepOrphans((_fileId, versionId) => known.has(versionId), graceMs)
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

export const removeTexts = (ctx: AppContext, fileId: string) => storeOf(ctx).removeFile(fileId)
export const textPath = (ctx: AppContext, fileId: string, versionId: string) => storeOf(ctx).pathOf(fileId, versionId)
