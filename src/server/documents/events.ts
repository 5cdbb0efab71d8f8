import type { AppContext } from '../context'
import type { RecognitionSummary } from '../../shared/recognition/types'

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
/** What was read in each of these versions (the recognition's summaries), by version id. */
type SummaryReader = (versionIds: string[]) => Promise<Map<string, RecognitionSummary>>
interface Listeners {
  stored: Listener<StoredVersion>[]
  removed: Listener<string>[]
  summaries?: SummaryReader
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

/**
 * The file list shows what recognition read in each version; recognition, ranked above documents, tells it
 * how (readSummariesWith, once at its start). Without it every file's recognition is null ("not queued").
 */
export const readSummariesWith = (ctx: AppContext, read: SummaryReader) => {
  of(ctx).summaries = read
}
export const summariesOf = async (ctx: AppContext, versionIds: string[]): Promise<Map<string, RecognitionSummary>> =>
  (await of(ctx).summaries?.(versionIds)) ?? new Map()
