import type { AppContext } from '../context'

export const addFile = (ctx: AppContext, id: string) =>
  ctx.backend.run('insert   or ignore into files (id) values (?)', id)
