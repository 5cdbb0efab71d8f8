import type { AppContext } from '../context'
import type { Backend } from '../infra/backend'
import { keepSerialised } from './etag'

/** Answers kept per database: a handful, the pages being polled right now (a page of 200 files is ~100 KB). */
const MAX_ANSWERS = 32

/**
 * Values kept until the database changes (issue 28). The backend's `dataVersion` (SQLite's `PRAGMA data_version`
 * on the reading connection) changes with every commit of another connection: this process's writing one, or
 * another process's, or sqlite3 by hand. It is read before a value is built, so a value kept is never older than
 * the version it is kept under; a commit in between only makes it newer, and the next call sees the new version
 * and drops everything. Inside a transaction, and on a backend without it (PostgreSQL), every call builds.
 * null and undefined are never kept (an unknown session token stays a query: a flood of them fills nothing).
 */
export function versionedCache<V>(backend: Backend, max: number) {
  let version: number | undefined
  let entries = new Map<string, V>()
  return async function kept(key: string, build: () => Promise<V>): Promise<V> {
    const now = backend.inTx() ? undefined : backend.dataVersion?.()
    if (now === undefined) return build()
    if (now !== version) {
      version = now
      entries = new Map()
    }
    const found = entries.get(key)
    if (found !== undefined) return found
    const into = entries
    const value = await build()
    // Another commit while it was built: kept only if nothing replaced this version's entries meanwhile.
    if (value !== undefined && value !== null && entries === into) {
      if (into.size >= max) into.delete(into.keys().next().value!)
      into.set(key, value)
    }
    return value
  }
}

const answers = new WeakMap<Backend, ReturnType<typeof versionedCache<object>>>()

/**
 * A polled read's answer kept until the database changes (versionedCache): the same answer asked again, with
 * nothing committed in between by any connection or process, is served from memory, its JSON and ETag included
 * (etag.ts keepSerialised). `key` names everything the answer depends on but the database (user, year,
 * language, page).
 */
export function cachedRead<T extends object>(ctx: AppContext, key: string, build: () => Promise<T>): Promise<T> {
  let cache = answers.get(ctx.backend)
  if (!cache) {
    cache = versionedCache<object>(ctx.backend, MAX_ANSWERS)
    answers.set(ctx.backend, cache)
  }
  return cache(key, async () => keepSerialised(await build())) as Promise<T>
}
