// The street index's storage, one implementation per database (buildings.ts reads the register and ranks; an
// index stores streets and numbers and finds candidates). SQLite: FTS5 (street-index-sqlite.ts); PostgreSQL:
// pg_trgm (street-index-postgres.ts).
import type { AppContext } from '../context'
import type { Dialect } from '../infra/backend'
import { sqliteStreetIndex } from './street-index-sqlite'

/** A street as the register names it; `id` is the importer's number for it. */
export interface IndexedStreet {
  street: string
  postalCode: string
  locality: string
  municipality: string
  canton: string
}

/** One candidate: a street, with the typed house number when the street has it (else the number as typed). */
export type StreetRow = {
  street: string
  house_number: string
  postal_code: string
  locality: string
  municipality: string
  canton: string
}

/** A folded search word; `prefix` when it may be the start of a longer word ("Bahnhofstr"). */
export interface SearchTerm {
  text: string
  prefix: boolean
}

/**
 * What an import writes through, inside the index's one replacing transaction. Rows may be queued and written
 * in batches (an asynchronous database): the importer flushes after every chunk of the file and at the end.
 */
export interface StreetIndexWriter {
  addStreet(id: number, s: IndexedStreet): void
  addNumber(id: number, houseNumber: string): void
  /** Writes what is queued; returns how many of the numbers added since the last flush were new to their street. */
  flush(): Promise<number>
}

export interface StreetIndex {
  /** Whether an import has filled the index. */
  ready(ctx: AppContext): Promise<boolean>
  /** Replaces the whole index with what `fill` writes, in one transaction: a throw leaves the old index. */
  replace<T>(ctx: AppContext, fill: (w: StreetIndexWriter) => Promise<T>): Promise<T>
  /** Up to `limit` streets having every term; with `number`, those that have it first (or only). */
  candidates(ctx: AppContext, terms: SearchTerm[], number: string, limit: number): Promise<StreetRow[]>
}

const INDEXES: Partial<Record<Dialect, StreetIndex>> = {
  sqlite: sqliteStreetIndex,
  // Loaded when first asked for, so that a server on SQLite never evaluates PostgreSQL code (start.test.ts).
  get postgres() {
    return (require('./street-index-postgres') as typeof import('./street-index-postgres')).postgresStreetIndex
  },
}

/** The street index of the database `ctx` runs on; none where that database has no implementation yet. */
export const streetIndexOf = (ctx: AppContext): StreetIndex | undefined => INDEXES[ctx.backend.dialect]
