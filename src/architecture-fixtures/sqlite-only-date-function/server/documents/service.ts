import type { AppContext } from '../context'

export const addFile = (ctx: AppContext) =>
  ctx.backend.run(`DELETE FROM files
    WHERE created_at < unixepoch('now', '-1 day') * 1000`)
