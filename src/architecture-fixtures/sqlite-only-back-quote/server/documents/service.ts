import type { AppContext } from '../context'

export const addFile = (ctx: AppContext) => ctx.backend.all('SELECT `id` FROM files')
