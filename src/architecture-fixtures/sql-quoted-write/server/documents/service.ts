import type { AppContext } from '../context'

export const addFile = (ctx: AppContext) =>
  ctx.sqlite.run('INSERT OR REPLACE INTO "users" (id) VALUES (?)', [1])
