import type { AppContext } from '../context'

export const bill = (ctx: AppContext) => ctx
