import type { AppContext } from '../context'

/** A version that was just stored (committed blob and rows). */
export interface StoredVersion {
  fileId: string
  versionId: string
  userId: number
  taxYear: number
  categoryId: number
  name: string
  /** The upload said "I don't know the category". */
  autoCategory: boolean
}

type Listener<T> = (x: T) => void | Promise<void>
interface Listeners {
  stored: Listener<StoredVersion>[]
  removed: Listener<string>[]
}
const registry = new WeakMap<AppContext, Listeners>()
const of = (ctx: AppContext) => {
  let l = registry.get(ctx)
  if (!l) {
    l = { stored: [], removed: [] }
    registry.set(ctx, l)
  }
  return l
}

/**
 * Other areas learn about stored and removed files here (recognition queues a job), so
 * documents stays the only writer of its tables and needs to know nothing about them.
 * A listener's failure is logged and never fails the upload or the deletion.
 */
export const onVersionStored = (ctx: AppContext, fn: Listener<StoredVersion>) => {
  of(ctx).stored.push(fn)
}
export const onFileRemoved = (ctx: AppContext, fn: Listener<string>) => {
  of(ctx).removed.push(fn)
}

async function emit<T>(ctx: AppContext, list: Listener<T>[], x: T) {
  for (const fn of list) {
    try {
      await fn(x)
    } catch (err) {
      ctx.log.error('document listener failed', { error: (err as Error)?.stack ?? String(err) })
    }
  }
}
export const emitStored = (ctx: AppContext, v: StoredVersion) => emit(ctx, of(ctx).stored, v)
export const emitRemoved = (ctx: AppContext, fileId: string) => emit(ctx, of(ctx).removed, fileId)
