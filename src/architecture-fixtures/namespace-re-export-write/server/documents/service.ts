import type { AppContext } from '../context'
import { all } from './tables'

export const addFile = (ctx: AppContext) => ctx.db.insert((all.users as any)).values({})
