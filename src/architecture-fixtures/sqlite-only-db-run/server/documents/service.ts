import { sql } from 'drizzle-orm'
import type { AppContext } from '../context'
import { files } from '../db/schema'

export const addFile = (ctx: AppContext) => ctx.db.run(sql`UPDATE ${files} SET id = id`)
