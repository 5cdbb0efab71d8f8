import type { AppContext } from '../context'
import * as schema from '../db/schema'

export const addFile = (ctx: AppContext) => ctx.db.update(schema.users).set({})
