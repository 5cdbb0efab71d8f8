import type { AppContext } from '../context'

export const addFile = (ctx: AppContext, id: number) =>
  ctx.sqlite.run(`Delete From
    \`users\`
    WHERE id = ${id}`)
