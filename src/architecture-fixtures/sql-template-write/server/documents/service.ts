import type { AppContext } from '../context'
import { sql } from 'drizzle-orm'
import { users as u } from '../db/schema'

export const addFile = (ctx: AppContext, id: number) =>
  ctx.exec(sql`delete from ${u} where id = ${id}`)
