import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { hostname } from 'node:os'
import { randomUUID } from 'node:crypto'
import type { Config } from './config'
import type { AppContext } from './context'
import { openBackend } from './db'
import { keyFilePath, keysFrom, loadKeys, MasterKeyError, type Keys } from './keys'
import { keyWrapper } from './infra/blob-store'
import { createMailer, type Mailer } from './infra/mailer'
import { createLogger, type Logger } from './log'
import { systemClock, type Clock } from './infra/clock'
import { lockDataFolder } from './data-lock'

/**
 * Servers share their data (the folder, or the PostgreSQL database); the key commands need it alone. SQLite: a file
 * lock in the data folder (data-lock.ts); PostgreSQL: an advisory lock on the database (db/pg/instance-lock.ts).
 */
export async function lockInstances(config: Config, what: string, mode: 'shared' | 'exclusive') {
  if (!config.databaseUrl) return lockDataFolder(config.dataDir, what, mode)
  const { lockDatabase } = await import('./db/pg/instance-lock')
  return lockDatabase(config.databaseUrl, what, mode)
}

/**
 * Opens the data folder: database (migrated), keys, mailer. Tests override the clock, mailer and log;
 * `keys repair` opens a folder whose newest data keys are under the previous master key.
 */
export async function createContext(
  config: Config,
  overrides: { now?: Clock; mailer?: Mailer; log?: Logger; keyRepair?: boolean } = {},
): Promise<AppContext> {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 })
  const log = overrides.log ?? createLogger(undefined, config.logFormat)
  const { backend, applied } = await openBackend(config)
  if (applied.length) log.info('database migrated', { migrations: applied })
  // The oldest and the newest stored data key tell whether documents exist and whether this master key
  // opens them all: both must open. Only the oldest opening is the mark of a `keys rotate` run while a
  // server went on storing (the data lock now refuses that): the newer documents are under the old key.
  // (Read raw here: the context the documents service needs is what is being built.) Stored order: SQLite's rowid
  // tells two versions of one millisecond apart; PostgreSQL has none, and goes by the time, then the id.
  const wrapped = (order: 'ASC' | 'DESC') =>
    backend
      .get<{ wrapped_key: string }>(
        backend.dialect === 'sqlite'
          ? `SELECT wrapped_key FROM file_versions ORDER BY rowid ${order} LIMIT 1`
          : `SELECT wrapped_key FROM file_versions ORDER BY created_at ${order}, id ${order} LIMIT 1`,
      )
      .then((r) => r?.wrapped_key)
  const oldest = await wrapped('ASC'),
    newest = await wrapped('DESC')
  let keys: Awaited<ReturnType<typeof loadKeys>> | undefined
  try {
    keys = loadKeys(config.dataDir, config.masterKey, !oldest)
    if (oldest && !opens(keys.master, oldest)) {
      keys = finishRotation(config, oldest)
      if (!keys) throw new MasterKeyError(keyFilePath(config.dataDir), 'wrong')
    } else if (!config.masterKey) rmSync(`${keyFilePath(config.dataDir)}.new`, { force: true })
    if (newest && !overrides.keyRepair && !opens(keys.master, newest))
      throw new MasterKeyError(keyFilePath(config.dataDir), 'mixed')
  } catch (err) {
    backend.close()
    throw err
  }
  return {
    config,
    get db() {
      return backend.db
    },
    tx: (fn) => backend.tx(fn),
    lock: (key) => backend.lock(key),
    backend,
    keys,
    mailer: overrides.mailer ?? createMailer(config, log),
    log,
    now: overrides.now ?? systemClock,
    instance: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
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
