import { eq, sql } from 'drizzle-orm'
import type { AppContext } from '../context'
import { users } from '../db/schema'

export const rename = (ctx: AppContext, id: number) =>
  ctx.db.update(users).set({}).where(eq(users.id, id))

export const namesOf = (ctx: AppContext) =>
  ctx.sqlite.query('SELECT name FROM users').all()

export const drop = (ctx: AppContext, id: number) =>
  ctx.exec(sql`DELETE FROM ${users} WHERE id = ${id}`)
