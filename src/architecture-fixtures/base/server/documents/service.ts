import type { AppContext } from '../context'
import { files } from '../db/schema'
import { namesOf } from '../users/service'

// What differs per database sits behind the dialect: SQLite's branch may use what only SQLite has.
const idList = (ctx: AppContext) =>
  ctx.backend.dialect === 'sqlite' ? 'SELECT value FROM json_each(?)' : 'SELECT json_array_elements_text(?::json)'

export const addFile = (ctx: AppContext) => {
  namesOf(ctx)
  ctx.backend.all(`SELECT id FROM files WHERE id IN (${idList(ctx)})`, '[]')
  return ctx.db.insert(files).values({})
}
