// The polled file lists read their page in order from an index (issue 28): no sort of a person's files per poll.
import { expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { databasePath, openDatabase } from '../db'
import { LIST_ALL, LIST_OF_YEAR } from './listing'
import { onPostgres } from '../test-helpers'

// SQLite's plan only: PostgreSQL plans by its statistics (an empty table is read whole and sorted), and its
// migration creates the same two indexes.
test.skipIf(onPostgres)(
  'a year’s and all years’ page are read in order from files_user_year and files_user_updated',
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'swisstax-listing-'))
    const { backend } = openDatabase(databasePath(dir))
    try {
      const plan = (sql: string, ...params: number[]) =>
        backend
          .sqlite!.reader.query<{ detail: string }, number[]>(`EXPLAIN QUERY PLAN ${sql}`)
          .all(...params)
          .map((r) => r.detail)
      const ofYear = plan(LIST_OF_YEAR, 1, 2025, 50, 0)
      expect(ofYear.join(' / ')).toContain('SEARCH f USING INDEX files_user_year (user_id=? AND tax_year=?)')
      expect(ofYear.filter((d) => d.includes('TEMP B-TREE'))).toEqual([])
      const all = plan(LIST_ALL, 1, 50, 0)
      expect(all.join(' / ')).toContain('SEARCH f USING INDEX files_user_updated (user_id=?)')
      expect(all.filter((d) => d.includes('TEMP B-TREE'))).toEqual([])
    } finally {
      backend.close()
      rmSync(dir, { recursive: true, force: true })
    }
  },
)
