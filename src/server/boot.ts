import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from './config'
import type { AppContext } from './context'
import { openDatabase } from './db'
import { loadKeys } from './keys'
import { createMailer, type Mailer } from './infra/mailer'
import { createLogger, type Logger } from './log'
import { systemClock, type Clock } from './infra/clock'

export const databasePath = (dataDir: string) => join(dataDir, 'swisstax.db')

/** Opens the data folder: database (migrated), keys, mailer. Tests override the clock, mailer and log. */
export function createContext(config: Config, overrides: { now?: Clock; mailer?: Mailer; log?: Logger } = {}): AppContext {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 })
  const log = overrides.log ?? createLogger()
  const { sqlite, db } = openDatabase(databasePath(config.dataDir))
  return {
    config,
    db,
    sqlite,
    keys: loadKeys(config.dataDir, config.masterKey),
    mailer: overrides.mailer ?? createMailer(config, log),
    log,
    now: overrides.now ?? systemClock,
  }
}
