import type { AppContext } from '../context'
import { users as people } from '../db/schema'

export const addFile = (ctx: AppContext) => ctx.db.delete(people)
