import type { AppContext } from '../context'
import { addFile } from '../documents/service'

export const documentsChanged = (ctx: AppContext) => addFile(ctx)
