import type { AppContext } from '../context'
import { rename } from '../users/service'

export const promote = (ctx: AppContext) => rename(ctx, 1)
