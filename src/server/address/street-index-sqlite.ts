/**
 * The street index on SQLite. Two tables: the distinct streets (street, postal code, place; a few hundred
 * thousand) in an FTS5 index, and the house numbers per street in a plain b-tree. A search finds the streets
 * by their words and then the typed number by key, so a common number ("5") or a common word never makes FTS5
 * intersect doclists of hundreds of thousands of buildings.
 *
 * The FTS5 virtual table is not something drizzle's schema can describe, so these tables are not a migration:
 * the import creates them (and replaces them wholesale), and the search asks whether they exist. Only this
 * file reads or writes them. detail=none keeps the index small (no phrase or column queries are needed), the
 * prefix indexes make "Bahnhofstr" cheap.
 */
import type { AppContext } from '../context'
import type { SearchTerm, StreetIndex, StreetRow } from './street-index'

const STREETS = 'address_streets'
const NUMBERS = 'address_numbers'
const CREATE = [
  `CREATE VIRTUAL TABLE ${STREETS} USING fts5(street, postal_code, locality, municipality UNINDEXED, canton UNINDEXED,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3', detail = none)`,
  `CREATE TABLE ${NUMBERS} (street_id INTEGER NOT NULL, house_number TEXT NOT NULL COLLATE NOCASE, PRIMARY KEY ` +
    `(street_id, house_number)) WITHOUT ROWID`,
]

/** The FTS5 query for the terms: each one quoted (taken literally), a prefix with `*`. */
export const ftsMatch = (terms: SearchTerm[]) => terms.map((t) => `"${t.text}"${t.prefix ? '*' : ''}`).join(' ')

const sqliteOf = (ctx: AppContext) => {
  const sqlite = ctx.backend.sqlite
  if (!sqlite) throw new Error('the SQLite street index needs the SQLite backend')
  return sqlite
}

export const sqliteStreetIndex: StreetIndex = {
  async ready(ctx) {
    const row = sqliteOf(ctx)
      .reader.query<{ n: number }, []>(`SELECT count(*) AS n FROM sqlite_master WHERE name = '${NUMBERS}'`)
      .get()
    return (row?.n ?? 0) > 0
  },

  async replace(ctx, fill) {
    return sqliteOf(ctx).exclusive(async (db) => {
      let result: Awaited<ReturnType<typeof fill>>
      db.exec('BEGIN IMMEDIATE')
      try {
        db.exec(`DROP TABLE IF EXISTS ${STREETS}`)
        db.exec(`DROP TABLE IF EXISTS ${NUMBERS}`)
        for (const stmt of CREATE) db.exec(stmt)
        const insertStreet = db.prepare(
          `INSERT INTO ${STREETS} (rowid, street, postal_code, locality, municipality, canton) ` +
            'VALUES (?, ?, ?, ?, ?, ?)',
        )
        const insertNumber = db.prepare(`INSERT OR IGNORE INTO ${NUMBERS} (street_id, house_number) VALUES (?, ?)`)
        // Written at once (bun:sqlite is synchronous); a flush only reports how many numbers were new.
        let added = 0
        result = await fill({
          addStreet: (id, s) => insertStreet.run(id, s.street, s.postalCode, s.locality, s.municipality, s.canton),
          addNumber: (id, houseNumber) => {
            added += insertNumber.run(id, houseNumber).changes
          },
          async flush() {
            const n = added
            added = 0
            return n
          },
        })
        // Merges the index's segments so searches touch one b-tree per term.
        db.exec(`INSERT INTO ${STREETS} (${STREETS}) VALUES ('optimize')`)
        db.exec('COMMIT')
      } catch (err) {
        db.exec('ROLLBACK')
        throw err
      }
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
      return result
    })
  },

  async candidates(ctx, terms, number, limit) {
    const db = sqliteOf(ctx).reader
    const match = ftsMatch(terms)
    let rows: StreetRow[] = []
    if (number) {
      rows = db
        .query<StreetRow, [string, string, number]>(
          `SELECT s.street, n.house_number, s.postal_code, s.locality, s.municipality, s.canton FROM ${STREETS} s
       JOIN ${NUMBERS} n ON n.street_id = s.rowid AND n.house_number = ? WHERE ${STREETS} MATCH ? LIMIT ?`,
        )
        .all(number, match, limit)
    }
    if (rows.length === 0) {
      rows = db
        .query<StreetRow, [string, string, number]>(
          `SELECT street, ? AS house_number, postal_code, locality, municipality, canton FROM ${STREETS} WHERE ` +
            `${STREETS} MATCH ? LIMIT ?`,
        )
        .all(number, match, limit)
    }
    return rows
  },
}
