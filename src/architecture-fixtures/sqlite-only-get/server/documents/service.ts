import { eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import { files } from '../db/schema'

export const addFile = async (ctx: AppContext, id: string) =>
  await ctx.db
    .select()
    .from(files)
    .where(eq(files.id, id))
    .get()
