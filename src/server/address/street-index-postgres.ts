/**
 * The street index on PostgreSQL: the same two tables as on SQLite (street-index-sqlite.ts), the streets with a
 * `words` column (street, postal code and place folded by fold.ts, between spaces) under a pg_trgm GIN index,
 * which answers `words LIKE '% bahnhofstr%'` without a scan, and the house numbers per street by key. Like on
 * SQLite the import creates the tables and replaces them wholesale, in one transaction (PostgreSQL's DDL is
 * transactional: readers keep the old index until the commit).
 */
import type { Param } from '../infra/backend'
import { wordsOf } from './fold'
import type { IndexedStreet, StreetIndex, StreetRow } from './street-index'

const CREATE = [
  'CREATE EXTENSION IF NOT EXISTS pg_trgm',
  'DROP TABLE IF EXISTS address_numbers',
  'DROP TABLE IF EXISTS address_streets',
  'CREATE TABLE address_streets (id integer PRIMARY KEY, street text NOT NULL, postal_code text NOT NULL, ' +
    'locality text NOT NULL, municipality text NOT NULL, canton text NOT NULL, words text NOT NULL)',
  'CREATE TABLE address_numbers (street_id integer NOT NULL, house_number text NOT NULL, ' +
    'PRIMARY KEY (street_id, house_number))',
]
// After the rows: an index built once is smaller and faster to build than one kept up row by row.
const INDEX = 'CREATE INDEX address_streets_words ON address_streets USING gin (words gin_trgm_ops)'

/** Rows per INSERT: 7 parameters a street, well below PostgreSQL's 65,535 per statement. */
const BATCH = 1000

/** The folded words a street is found by, between spaces so that a word's start is ' word'. */
const wordsOfStreet = (s: IndexedStreet) => ` ${wordsOf(`${s.street} ${s.postalCode} ${s.locality}`, 64).join(' ')} `

const values = (rows: number, columns: number) =>
  Array.from({ length: rows }, () => `(${Array.from({ length: columns }, () => '?').join(', ')})`).join(', ')

export const postgresStreetIndex: StreetIndex = {
  async ready(ctx) {
    const row = await ctx.backend.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_name = 'address_numbers' " +
        'AND table_schema = current_schema()',
    )
    return Number(row?.n ?? 0) > 0
  },

  async replace(ctx, fill) {
    return ctx.tx(async () => {
      for (const stmt of CREATE) await ctx.backend.run(stmt)
      let streets: Param[][] = []
      let numbers: Param[][] = []
      const insert = async (table: string, columns: string, rows: Param[][], tail = '') => {
        let changes = 0
        for (let i = 0; i < rows.length; i += BATCH) {
          const batch = rows.slice(i, i + BATCH)
          const sql = `INSERT INTO ${table} (${columns}) VALUES ${values(batch.length, batch[0]!.length)}${tail}`
          changes += (await ctx.backend.run(sql, ...batch.flat())).changes
        }
        return changes
      }
      const result = await fill({
        addStreet: (id, s) =>
          streets.push([id, s.street, s.postalCode, s.locality, s.municipality, s.canton, wordsOfStreet(s)]),
        addNumber: (id, houseNumber) => numbers.push([id, houseNumber]),
        async flush() {
          await insert('address_streets', 'id, street, postal_code, locality, municipality, canton, words', streets)
          // A number the street already has (the register's repeated addresses) is left out and not counted.
          const added = await insert('address_numbers', 'street_id, house_number', numbers, ' ON CONFLICT DO NOTHING')
          streets = []
          numbers = []
          return added
        },
      })
      await ctx.backend.run(INDEX)
      return result
    })
  },

  async candidates(ctx, terms, number, limit) {
    // Every term a word of the street's (a prefix: the word's start); the terms are letters and digits only.
    const where = terms.map(() => 's.words LIKE ?').join(' AND ')
    const patterns = terms.map((t) => `% ${t.text}${t.prefix ? '' : ' '}%`)
    const columns = 's.street, s.postal_code, s.locality, s.municipality, s.canton'
    let rows: StreetRow[] = []
    if (number)
      rows = await ctx.backend.all<StreetRow>(
        `SELECT ${columns}, n.house_number FROM address_streets s JOIN address_numbers n ON n.street_id = s.id ` +
          `AND lower(n.house_number) = ? WHERE ${where} LIMIT ?`,
        number,
        ...patterns,
        limit,
      )
    if (rows.length === 0)
      rows = await ctx.backend.all<StreetRow>(
        `SELECT ${columns}, CAST(? AS text) AS house_number FROM address_streets s WHERE ${where} LIMIT ?`,
        number,
        ...patterns,
        limit,
      )
    return rows
  },
}
