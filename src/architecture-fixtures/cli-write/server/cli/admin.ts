import type { AppContext } from '../context'
import { users } from '../db/schema'

export const promote = (ctx: AppContext) => ctx.db.update(users).set({ role: 'admin' })
