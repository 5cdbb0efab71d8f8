import { Database } from 'bun:sqlite'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'

export const lockPath = (dataDir: string) => join(dataDir, 'swisstax.lock')

/** Refused: another process holds the data folder in a way this one cannot share. */
export class DataFolderInUse extends Error {}

/**
 * Servers share a data folder (the storage seam makes them one server: every rule, limit, claim and job is in
 * the database); `keys rotate` and `keys repair` need it alone: they must not re-wrap the data keys while a
 * server goes on wrapping new ones with the old master key.
 *
 * The lock is an SQLite file in rollback-journal mode: a server holds a read transaction open for its whole
 * life (a SHARED lock, which any number of servers hold together); the key commands take an EXCLUSIVE lock,
 * which no SHARED lock may stand beside. These are the operating system's file locks: they end with the
 * process however it ends (no stale lock after a kill -9 or a power cut) and hold across containers sharing
 * the volume on one host. Keep the returned object referenced: collected, its connection closes.
 */
export function lockDataFolder(dataDir: string, what: string, mode: 'shared' | 'exclusive'): { release(): void } {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const db = new Database(lockPath(dataDir), { create: true })
  try {
    // Two servers starting at once both create the file: the creation waits briefly for the other's.
    db.exec('PRAGMA busy_timeout = 2000')
    db.exec('CREATE TABLE IF NOT EXISTS holder (since TEXT)')
    db.exec('PRAGMA busy_timeout = 0')
    if (mode === 'exclusive') db.exec('BEGIN EXCLUSIVE')
    else {
      db.exec('BEGIN')
      db.query('SELECT count(*) FROM holder').get()
    }
  } catch (err) {
    db.close()
    if (!/locked|busy/i.test((err as Error).message)) throw err
    throw new DataFolderInUse(
      mode === 'exclusive'
        ? `Refusing to ${what}: a swisstax server (or another key command) is using the data folder ${dataDir}. ` +
            'Stop every server on it first.'
        : `Refusing to ${what}: \`swisstax keys rotate\` or \`keys repair\` is running on the data folder ` +
            `${dataDir}. Start the server once it has finished.`,
    )
  }
  return { release: () => db.close() }
}
