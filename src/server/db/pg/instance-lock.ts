import { SQL } from 'bun'
import { DataFolderInUse } from '../../data-lock'

/** The advisory lock key servers share and the key commands take alone (any fixed 64-bit number). */
export const KEYS_LOCK = 7_305_861_404

/**
 * data-lock.ts for PostgreSQL: servers share the database, `keys rotate` and `keys repair` need it alone (they
 * must not re-wrap the data keys while an instance goes on wrapping new ones with the old master key). A server
 * holds a shared session-level advisory lock on a connection of its own for its whole life, which any number of
 * instances hold together; a key command takes it exclusively. PostgreSQL ends the lock with the connection, so a
 * killed instance leaves none behind.
 */
export async function lockDatabase(url: string, what: string, mode: 'shared' | 'exclusive') {
  const conn = new SQL({ url, max: 1, idleTimeout: 0 })
  const fn = mode === 'shared' ? 'pg_try_advisory_lock_shared' : 'pg_try_advisory_lock'
  let got = false
  try {
    const [row] = (await conn.unsafe(`SELECT ${fn}($1) AS got`, [KEYS_LOCK])) as { got: boolean }[]
    got = row!.got
  } catch (err) {
    await conn.close()
    throw err
  }
  if (!got) {
    await conn.close()
    throw new DataFolderInUse(
      mode === 'exclusive'
        ? `Refusing to ${what}: a swisstax server (or another key command) is using the database. ` +
            'Stop every instance on it first.'
        : `Refusing to ${what}: \`swisstax keys rotate\` or \`keys repair\` is running on the database. ` +
            'Start the server once it has finished.',
    )
  }
  return { release: () => void conn.close() }
}
