// Issue 22: two processes of the executable on one data folder behave as one server: SQLite shared through its
// file (WAL), the blobs in the folder's blobs/. The tests themselves are e2e/instances.ts's, shared with the
// PostgreSQL + S3 instances of e2e/multi-instance.test.ts.
import { Database } from 'bun:sqlite'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { instanceTests } from './instances'
import { MIGRATIONS } from '../src/server/db/migrations.gen'

instanceTests('two processes of the executable on one data folder', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'swisstax-two-'))
  return {
    env: () => ({ DATA_DIR: dataDir }),
    migrations: MIGRATIONS.length,
    /** The shared database, read beside the servers (WAL: readers never block them). */
    async one<T>(sql: string, ...params: (string | number)[]) {
      const d = new Database(join(dataDir, 'swisstax.db'), { readonly: true })
      try {
        return d.query(sql).get(...params) as T
      } finally {
        d.close()
      }
    },
    async storedBlobs() {
      return readdirSync(join(dataDir, 'blobs'))
    },
    async stop() {
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
})
