import { asc, sql } from 'drizzle-orm'
import type { AppContext } from '../context'
import { files } from '../db/schema'

export const addFile = (ctx: AppContext) =>
  ctx.db.select().from(files).orderBy(asc(sql`${files.id} COLLATE NOCASE`))
