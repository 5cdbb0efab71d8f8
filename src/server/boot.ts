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

/**
 * Opens the data folder: database (migrated), keys, mailer. Tests override the clock, mailer and log;
 * `keys repair` opens a folder whose newest data keys are under the previous master key.
 */
export function createContext(
  config: Config,
  overrides: { now?: Clock; mailer?: Mailer; log?: Logger; keyRepair?: boolean } = {},
): AppContext {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 })
  const log = overrides.log ?? createLogger(undefined, config.logFormat)
  const { sqlite, db, applied } = openDatabase(databasePath(config.dataDir))
  if (applied.length) log.info('database migrated', { migrations: applied })
  // The oldest and the newest stored data key tell whether documents exist and whether this master key
  // opens them all: both must open. Only the oldest opening is the mark of a `keys rotate` run while a
  // server went on storing (the data lock now refuses that): the newer documents are under the old key.
  // (Read raw here: the context the documents service needs is what is being built.)
  const wrapped = (order: 'ASC' | 'DESC') =>
    sqlite
      .query<{ wrapped_key: string }, []>(`SELECT wrapped_key FROM file_versions ORDER BY rowid ${order} LIMIT 1`)
      .get()?.wrapped_key
  const oldest = wrapped('ASC'),
    newest = wrapped('DESC')
  let keys: ReturnType<typeof loadKeys> | undefined
  try {
    keys = loadKeys(config.dataDir, config.masterKey, !oldest)
    if (oldest && !opens(keys.master, oldest)) {
      keys = finishRotation(config, oldest)
      if (!keys) throw new MasterKeyError(keyFilePath(config.dataDir), 'wrong')
    } else if (!config.masterKey) rmSync(`${keyFilePath(config.dataDir)}.new`, { force: true })
    if (newest && !overrides.keyRepair && !opens(keys.master, newest))
      throw new MasterKeyError(keyFilePath(config.dataDir), 'mixed')
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
