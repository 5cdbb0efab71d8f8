import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from './config'
import type { AppContext } from './context'
import { openDatabase } from './db'
import { keyFilePath, keysFrom, loadKeys, MasterKeyError, type Keys } from './keys'
import { keyWrapper } from './infra/blob-store'
import { createMailer, type Mailer } from './infra/mailer'
import { createLogger, type Logger } from './log'
import { systemClock, type Clock } from './infra/clock'

export const databasePath = (dataDir: string) => join(dataDir, 'swisstax.db')

/** Opens the data folder: database (migrated), keys, mailer. Tests override the clock, mailer and log. */
export function createContext(
  config: Config,
  overrides: { now?: Clock; mailer?: Mailer; log?: Logger } = {},
): AppContext {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 })
  const log = overrides.log ?? createLogger()
  const { sqlite, db } = openDatabase(databasePath(config.dataDir))
  // One stored data key tells whether documents exist and whether this master key opens them.
  // (Read raw here: the context the documents service needs is what is being built.)
  const sample = sqlite.query<{ wrapped_key: string }, []>('SELECT wrapped_key FROM file_versions LIMIT 1').get()
  let keys: ReturnType<typeof loadKeys> | undefined
  try {
    keys = loadKeys(config.dataDir, config.masterKey, !sample)
    if (sample && !opens(keys.master, sample.wrapped_key)) {
      keys = finishRotation(config, sample.wrapped_key)
      if (!keys) throw new MasterKeyError(keyFilePath(config.dataDir), 'wrong')
    } else if (!config.masterKey) rmSync(`${keyFilePath(config.dataDir)}.new`, { force: true })
  } catch (err) {
    sqlite.close()
    throw err
  }
  return {
    config,
    db,
    sqlite,
    keys,
    mailer: overrides.mailer ?? createMailer(config, log),
    log,
    now: overrides.now ?? systemClock,
  }
}

const opens = (master: Buffer, wrapped: string) => {
  try {
    keyWrapper(master).unwrap(wrapped)
    return true
  } catch {
    return false
  }
}

/**
 * `swisstax keys rotate` writes master.key.new, re-wraps the data keys, then renames
 * the new key into place. Killed between the last two steps, the data keys are
 * under the new key: this finishes the rename. Before the commit, the old key still
 * opens them and the leftover .new is simply removed (above).
 */
function finishRotation(config: Config, wrapped: string): Keys | undefined {
  if (config.masterKey) return undefined
  const pending = `${keyFilePath(config.dataDir)}.new`
  if (!existsSync(pending)) return undefined
  const next = Buffer.from(readFileSync(pending, 'utf8').trim(), 'base64')
  if (next.length !== 32 || !opens(next, wrapped)) return undefined
  renameSync(pending, keyFilePath(config.dataDir))
  return keysFrom(next)
}
