import type { AppContext } from '../context'
import type { Backend } from '../infra/backend'
import { keepSerialised } from './etag'

/** Answers kept per database: a handful, the pages being polled right now (a page of 200 files is ~100 KB). */
const MAX_ENTRIES = 16

interface Cache {
  version: number
  answers: Map<string, object>
}
const caches = new WeakMap<Backend, Cache>()

/**
 * A polled read's answer kept until the database changes (issue 28): the same page asked again by the same
 * person, with nothing committed in between by any connection or process, is answered from memory, its JSON
 * and ETag included (etag.ts keepSerialised). The backend's `dataVersion` (SQLite's `PRAGMA data_version` on
 * the reading connection) changes with every commit of another connection (this process's writing one, or
 * another process's): read before the answer is built, so an answer kept is never older than the version it is
 * kept under. Inside a transaction, and on a backend without it, every call builds its answer.
 */
export async function cachedRead<T extends object>(ctx: AppContext, key: string, build: () => Promise<T>): Promise<T> {
  const version = ctx.backend.inTx() ? undefined : ctx.backend.dataVersion?.()
  if (version === undefined) return build()
  let cache = caches.get(ctx.backend)
  if (!cache || cache.version !== version) {
    cache = { version, answers: new Map() }
    caches.set(ctx.backend, cache)
  }
  const kept = cache.answers.get(key)
  if (kept) return kept as T
  const answer = keepSerialised(await build())
  // Another commit while it was built: kept under the newer version's cache only if nothing replaced this one.
  if (caches.get(ctx.backend) === cache) {
    if (cache.answers.size >= MAX_ENTRIES) cache.answers.delete(cache.answers.keys().next().value!)
    cache.answers.set(key, answer)
  }
  return answer
}
