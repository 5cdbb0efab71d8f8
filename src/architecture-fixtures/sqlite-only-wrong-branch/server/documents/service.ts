import type { AppContext } from '../context'

// SQLite's function on the other database's side of the dialect test.
export const addFile = (ctx: AppContext) =>
  ctx.backend.all(
    ctx.backend.dialect !== 'sqlite' ? 'SELECT value FROM json_each(?)' : 'SELECT json_array_elements_text(?::json)',
    '[]',
  )
