import type { Config } from './config'
import type { Db } from './db'
import type { Keys } from './keys'
import type { Mailer } from './infra/mailer'
import type { Logger } from './log'
import type { Clock } from './infra/clock'
import type { Backend } from './infra/backend'

/** Everything a service needs, passed explicitly so tests can swap the clock, the mailer or the folder. */
export interface AppContext {
  config: Config
  /** The current transaction's database inside `tx`, else the shared one, which only reads (infra/backend). */
  readonly db: Db
  /** Runs `fn` as one transaction; every write goes through one. */
  tx<T>(fn: () => Promise<T> | T): Promise<T>
  /** A named lock held until the transaction ends, taken before a read-then-write rule reads. */
  lock(key: string): Promise<void>
  /** The storage seam itself: raw hot-path queries and the few dialect-specific calls. */
  backend: Backend
  keys: Keys
  mailer: Mailer
  log: Logger
  /** Milliseconds since the epoch; injected so tests can move time. */
  now: Clock
  /** This process among all on the database (host, pid, random): the owner of its claims and leases. */
  readonly instance: string
}

const seeds = new WeakMap<AppContext, number>()
let nextSeed = 1
/** A serialisable per-context seed, so Elysia deduplicates named plugins within one app only. */
export function pluginSeed(ctx: AppContext): number {
  let seed = seeds.get(ctx)
  if (!seed) {
    seed = nextSeed++
    seeds.set(ctx, seed)
  }
  return seed
}
