import type { AppContext } from './context'
import { users } from './db/schema'

export const boot = (ctx: AppContext) => ctx.db.insert(users).values({})
