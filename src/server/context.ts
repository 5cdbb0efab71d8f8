import type { Database } from 'bun:sqlite'
import type { Config } from './config'
import type { Db } from './db'
import type { Keys } from './keys'
import type { Mailer } from './infra/mailer'
import type { Logger } from './log'
import type { Clock } from './infra/clock'

/** Everything a service needs, passed explicitly so tests can swap the clock, the mailer or the folder. */
export interface AppContext {
  config: Config
  db: Db
  sqlite: Database
  keys: Keys
  mailer: Mailer
  log: Logger
  /** Milliseconds since the epoch; injected so tests can move time. */
  now: Clock
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
