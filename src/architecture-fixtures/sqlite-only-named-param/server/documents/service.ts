import type { AppContext } from '../context'

export const addFile = (ctx: AppContext, id: string) =>
  ctx.backend.all('SELECT id FROM files WHERE id = $id', { $id: id })
