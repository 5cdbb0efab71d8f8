import { Database } from 'bun:sqlite'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const lockPath = (dataDir: string) => join(dataDir, 'swisstax.lock')

/** Refused: another process holds the data folder. */
export class DataFolderInUse extends Error {}

/**
 * One process at a time on a data folder: the server, and `keys rotate`, which must not re-wrap the
 * data keys while a server goes on wrapping new ones with the old master key. (A storage layer for
 * several server processes on one folder is planned; until then a second one is refused here.)
 *
 * The lock is an SQLite file held in exclusive locking mode: the operating system's file lock, which
 * ends with the process however it ends (no stale lock after a kill -9 or a power cut), and works across
 * containers sharing the volume on one host. The pid beside it is only for the message. Keep the returned
 * object referenced: collected, its connection closes and the lock is gone.
 */
export function lockDataFolder(dataDir: string, what: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const db = new Database(lockPath(dataDir), { create: true })
  try {
    db.exec('PRAGMA busy_timeout = 0')
    db.exec('PRAGMA locking_mode = EXCLUSIVE')
    // The first write takes the exclusive lock, and in this mode it is kept until the connection closes.
    db.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER, what TEXT, since TEXT)')
    db.exec('BEGIN IMMEDIATE')
    db.exec('DELETE FROM holder')
    db.query('INSERT INTO holder VALUES (?, ?, ?)').run(process.pid, what, new Date().toISOString())
    db.exec('COMMIT')
  } catch (err) {
    db.close()
    if (!/locked|busy/i.test((err as Error).message)) throw err
    let holder = ''
    try {
      holder = readFileSync(`${lockPath(dataDir)}.pid`, 'utf8').trim()
    } catch {}
    throw new DataFolderInUse(
      `Refusing to ${what}: another swisstax process${holder ? ` (${holder})` : ''} is using the data folder ` +
        `${dataDir}. Only one server (or \`keys rotate\`) may use a data folder at a time. Stop the other ` +
        `process first, or give this one its own DATA_DIR.`,
    )
  }
  writeFileSync(`${lockPath(dataDir)}.pid`, `pid ${process.pid}, ${what}, since ${new Date().toISOString()}\n`)
  return { release: () => db.close() }
}
