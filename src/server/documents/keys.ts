import { eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import { fileVersions } from '../db/schema'

/**
 * `swisstax keys rotate`: every data key re-wrapped under the new master key, in one transaction; the blobs stay as
 * they are.
 */
export async function rewrapDataKeys(
  ctx: AppContext,
  from: { unwrap(w: string): Buffer },
  to: { wrap(k: Buffer): string },
): Promise<number> {
  return await ctx.tx(async () => {
    const rows = await ctx.db.select({ id: fileVersions.id, wrappedKey: fileVersions.wrappedKey }).from(fileVersions)
    for (const row of rows) {
      await ctx.db
        .update(fileVersions)
        .set({ wrappedKey: to.wrap(from.unwrap(row.wrappedKey)) })
        .where(eq(fileVersions.id, row.id))
    }
    return rows.length
  })
}
