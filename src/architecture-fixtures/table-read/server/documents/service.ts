import type { AppContext } from '../context'
import { users } from '../db/schema'

export const addFile = (ctx: AppContext) => ctx.db.select().from(users)
