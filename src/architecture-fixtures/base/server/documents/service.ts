import type { AppContext } from '../context'
import { files } from '../db/schema'
import { namesOf } from '../users/service'

export const addFile = (ctx: AppContext) => {
  namesOf(ctx)
  return ctx.db.insert(files).values({}).run()
}
