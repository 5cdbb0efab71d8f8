import type { AppContext } from '../context'
import { documentsChanged } from '../tax-status/service'

export const addFile = (ctx: AppContext) => documentsChanged(ctx)
