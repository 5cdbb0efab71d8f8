import type { AppContext } from '../context'

export const addFile = (ctx: AppContext) =>
  ctx.sqlite.run('INSERT INTO "users" (id) VALUES (?) ON CONFLICT (id) DO NOTHING', [1])
