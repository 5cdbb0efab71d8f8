import type { AppContext } from '../context'

export const addFile = (ctx: AppContext) =>
  ctx.sqlite.query('SELECT f.id FROM files f JOIN "users" u ON u.id = f.user_id').all()
