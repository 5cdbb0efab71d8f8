import type { AppContext } from '../context'
import { users } from '../db/schema'

const target = users
export const addFile = (ctx: AppContext) => ctx.db.update(target).set({})
