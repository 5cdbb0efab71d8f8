import type { AppContext } from '../context'
import { accounts } from './tables'

export const addFile = (ctx: AppContext) => ctx.db.insert(accounts).values({})
