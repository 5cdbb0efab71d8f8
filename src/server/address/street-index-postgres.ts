/**
 * The street index on PostgreSQL (street-index-sqlite.ts is SQLite's FTS5 one). Two tables, made by the import
 * like SQLite's (they are not a migration: the import replaces them wholesale, in one transaction, and readers keep
 * the old ones until it commits): the distinct streets with `words`, their folded words (" bahnhofstrasse 8001
 * zurich "), under a pg_trgm GIN index, and the house numbers per street by key. A term matches a whole word
 * (`LIKE '% zurich %'`) or, as a prefix, a word's beginning (`LIKE '% bahnhofstr%'`); the trigram index answers
 * both. Only this file reads or writes them.
 */
import type { AppContext } from '../context'
import type { SearchTerm, StreetIndex, StreetRow } from './street-index'

const STREETS = 'address_streets'
const NUMBERS = 'address_numbers'
const CREATE = [
  `CREATE TABLE ${STREETS} (id bigint PRIMARY KEY, street text NOT NULL, postal_code text NOT NULL,
    locality text NOT NULL, municipality text NOT NULL, canton text NOT NULL, words text NOT NULL)`,
  // number_key: the house number lower-cased ("12a" and "12A" are one address), house_number as the register has it.
  `CREATE TABLE ${NUMBERS} (street_id bigint NOT NULL, number_key text NOT NULL, house_number text NOT NULL,
    PRIMARY KEY (street_id, number_key))`,
]
const INDEX = `CREATE INDEX ${STREETS}_words ON ${STREETS} USING gin (words gin_trgm_ops)`

/** Rows sent per INSERT while the import streams (the register has about 3 million). */
const BATCH = 2000

/** Words as the search folds them (buildings.ts searchTerms): no diacritics, ß → ss, lower case. */
export const foldWords = (text: string) =>
  ` ${text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ')} `

/** A LIKE pattern for one term: the whole word, or a word's beginning; LIKE's own characters taken literally. */
const pattern = (t: SearchTerm) => `% ${t.text.replace(/[\\%_]/g, (c) => `\\${c}`)}${t.prefix ? '%' : ' %'}`

/** Inserts `rows` (each `width` values) into `table` with one statement of numbered placeholders. */
async function insertRows(ctx: AppContext, table: string, columns: string[], rows: unknown[][], tail = '') {
  if (!rows.length) return
  const values = rows.map((r) => `(${r.map(() => '?').join(', ')})`).join(', ')
  await ctx.backend.run(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}${tail}`,
    ...(rows.flat() as never[]),
  )
}

export const postgresStreetIndex: StreetIndex = {
  async ready(ctx) {
    const row = await ctx.backend.get<{ t: string | null }>(`SELECT to_regclass('${NUMBERS}')::text AS t`)
    return !!row?.t
  },

  async replace(ctx, fill) {
    return ctx.tx(async () => {
      await ctx.backend.run(`DROP TABLE IF EXISTS ${STREETS}, ${NUMBERS}`)
      for (const stmt of CREATE) await ctx.backend.run(stmt)
      let streets: unknown[][] = []
      let numbers: unknown[][] = []
      // The writer is synchronous (SQLite's is): rows are batched and sent one batch after the other.
      let sending: Promise<void> = Promise.resolve()
      const send = () => {
        const s = streets,
          n = numbers
        streets = []
        numbers = []
        sending = sending.then(async () => {
          const cols = ['id', 'street', 'postal_code', 'locality', 'municipality', 'canton', 'words']
          await insertRows(ctx, STREETS, cols, s)
          await insertRows(ctx, NUMBERS, ['street_id', 'number_key', 'house_number'], n, ' ON CONFLICT DO NOTHING')
        })
      }
      // A repeated address is counted once (the register's entrances): 53 bits of a hash per address, for the count.
      const seen = new Set<number>()
      const result = await fill({
        addStreet(id, s) {
          const words = foldWords(`${s.street} ${s.postalCode} ${s.locality}`)
          streets.push([id, s.street, s.postalCode, s.locality, s.municipality, s.canton, words])
          if (streets.length >= BATCH) send()
        },
        addNumber(id, houseNumber) {
          const key = houseNumber.toLowerCase()
          const hash = Number(BigInt(Bun.hash(`${id}|${key}`)) & 0x1f_ffff_ffff_ffffn)
          if (seen.has(hash)) return false
          seen.add(hash)
          numbers.push([id, key, houseNumber])
          if (numbers.length >= BATCH) send()
          return true
        },
      })
      send()
      await sending
      await ctx.backend.run(INDEX)
      await ctx.backend.run(`ANALYZE ${STREETS}`)
      await ctx.backend.run(`ANALYZE ${NUMBERS}`)
      return result
    })
  },

  async candidates(ctx, terms, number, limit) {
    const where = terms.map(() => `s.words LIKE ? ESCAPE '\\'`).join(' AND ')
    const patterns = terms.map(pattern)
    let rows: StreetRow[] = []
    if (number)
      rows = await ctx.backend.all<StreetRow>(
        `SELECT s.street, n.house_number, s.postal_code, s.locality, s.municipality, s.canton FROM ${STREETS} s
          JOIN ${NUMBERS} n ON n.street_id = s.id AND n.number_key = lower(?) WHERE ${where} LIMIT ?`,
        number,
        ...patterns,
        limit,
      )
    if (rows.length === 0)
      rows = await ctx.backend.all<StreetRow>(
        `SELECT s.street, ?::text AS house_number, s.postal_code, s.locality, s.municipality, s.canton FROM ${STREETS} s
          WHERE ${where} LIMIT ?`,
        number,
        ...patterns,
        limit,
      )
    return rows
  },
}
