import { createReadStream, statSync } from 'node:fs'
import type { AppContext } from '../context'
import { cantonByCode } from '../../shared/cantons'
import { MAX_RESULTS, streetLine, type AddressResult } from '../../shared/address'
import { type SearchTerm, type StreetIndex, streetIndexOf } from './street-index'
import { ftsMatch } from './street-index-sqlite'
import { fold, wordsOf } from './fold'

/**
 * Streets and house numbers: the federal register of building addresses ("Amtliches Verzeichnis
 * der Gebäudeadressen", swisstopo, about 3 million rows). This file reads the register and ranks what the
 * street index (street-index.ts; on SQLite FTS5, street-index-sqlite.ts) finds.
 */

/** The published CSV's columns this importer reads (found by name: the order is not a promise). */
export const REQUIRED_COLUMNS = ['STN_LABEL', 'ADR_NUMBER', 'ZIP_LABEL', 'COM_NAME', 'COM_CANTON'] as const
// Optional: ADR_STATUS ('real' | 'planned' | 'outdated' …) and ADR_OFFICIAL ('true' | 'false').

export interface BuildingAddress {
  street: string
  houseNumber: string
  postalCode: string
  locality: string
  municipality: string
  canton: string
}

/** Splits one semicolon-separated line; a field in double quotes may hold semicolons and "" for a quote. */
export function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(';')
  const out: string[] = []
  let cur = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"'
        i++
      } else if (c === '"') quoted = false
      else cur += c
    } else if (c === '"') quoted = true
    else if (c === ';') {
      out.push(cur)
      cur = ''
    } else cur += c
  }
  out.push(cur)
  return out
}

/**
 * Reads one row of the register into an address, or says why it is skipped: no street or no
 * number (a building without an address), a locality without a 4-digit postal code, an
 * unknown canton, an address that is no longer valid, or a non-official alternative of an
 * official address (indexing both would offer the person the same door twice).
 */
export function rowToAddress(cells: string[], col: Record<string, number>): BuildingAddress | 'skip' | 'alternative' {
  const get = (name: string) => (col[name] === undefined ? '' : (cells[col[name]!] ?? '').trim())
  const status = get('ADR_STATUS').toLowerCase()
  if (status && status !== 'real' && status !== 'existing' && status !== 'planned') return 'skip'
  if (get('ADR_OFFICIAL').toLowerCase() === 'false') return 'alternative'
  const street = get('STN_LABEL')
  const houseNumber = get('ADR_NUMBER')
  const zip = /^(\d{4})\s+(.+)$/.exec(get('ZIP_LABEL'))
  const canton = get('COM_CANTON').toUpperCase()
  if (!street || !houseNumber || !zip || !cantonByCode(canton)) return 'skip'
  return {
    street,
    houseNumber,
    postalCode: zip[1]!,
    locality: zip[2]!,
    municipality: get('COM_NAME') || zip[2]!,
    canton,
  }
}

export interface ImportProgress {
  rows: number
  imported: number
  bytes: number
  totalBytes: number
}

/** The header line: each column's index by name; a file without the required columns is refused. */
function columnsOf(line: string): Record<string, number> {
  const header = splitCsvLine(line.replace(/^\uFEFF/, '')).map((h) => h.trim())
  const col: Record<string, number> = Object.fromEntries(header.map((h, i) => [h, i]))
  const missing = REQUIRED_COLUMNS.filter((c) => col[c] === undefined)
  if (missing.length)
    throw new Error(`not a building address register CSV (Gebäudeadressen): missing column(s) ${missing.join(', ')}`)
  return col
}

/**
 * `swisstax data import-addresses FILE`: streams the register into a new index in one
 * transaction (readers keep the old one until the commit; a refused file changes nothing),
 * then merges the index's segments so searches touch one b-tree per term.
 */
export async function importBuildingAddresses(ctx: AppContext, file: string, onProgress?: (p: ImportProgress) => void) {
  const totalBytes = statSync(file).size
  return indexOf(ctx).replace(ctx, async (index) => {
    let col: Record<string, number> | undefined
    let rows = 0,
      imported = 0,
      skipped = 0,
      alternatives = 0,
      bytes = 0,
      queued = 0
    let rest = ''
    const decoder = new TextDecoder('utf-8')
    // A street is one per name, postal code, place and municipality: a few hundred thousand keys.
    const streetIds = new Map<string, number>()
    const take = (line: string) => {
      if (!line.trim()) return
      if (!col) {
        col = columnsOf(line)
        return
      }
      rows++
      const a = rowToAddress(splitCsvLine(line), col)
      if (a === 'skip') {
        skipped++
        return
      }
      if (a === 'alternative') {
        alternatives++
        return
      }
      const key = `${a.street}|${a.postalCode}|${a.locality}|${a.municipality}`
      let id = streetIds.get(key)
      if (id === undefined) {
        id = streetIds.size + 1
        streetIds.set(key, id)
        index.addStreet(id, a)
      }
      index.addNumber(id, a.houseNumber)
      queued++
    }
    // The register holds an address once per place; a repeated one (several entrances) is counted as skipped.
    const flush = async () => {
      const added = await index.flush()
      imported += added
      skipped += queued - added
      queued = 0
    }
    let lastReport = 0
    for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
      bytes += (chunk as Buffer).length
      const lines = (rest + decoder.decode(chunk as Buffer, { stream: true })).split('\n')
      rest = lines.pop()!
      for (const line of lines) take(line.endsWith('\r') ? line.slice(0, -1) : line)
      await flush()
      if (onProgress && rows - lastReport >= 100_000) {
        lastReport = rows
        onProgress({ rows, imported, bytes, totalBytes })
      }
    }
    take(rest + decoder.decode())
    await flush()
    if (!col) throw new Error(`${file} is empty`)
    if (imported === 0) throw new Error(`no building addresses found in ${file} (${rows} row(s) skipped)`)
    onProgress?.({ rows, imported, bytes, totalBytes })
    return { rows, imported, skipped, alternatives }
  })
}

const indexOf = (ctx: AppContext): StreetIndex => {
  const index = streetIndexOf(ctx)
  if (!index) throw new Error(`the building-address index has no ${ctx.backend.dialect} implementation yet`)
  return index
}

/** True when an import has filled the street index. */
export async function hasBuildingIndex(ctx: AppContext): Promise<boolean> {
  return (await streetIndexOf(ctx)?.ready(ctx)) ?? false
}

const tokensOf = (q: string) => wordsOf(q)

/** House numbers as typed: 1 to 3 digits and maybe a letter (a 4-digit number is a postal code). */
const isHouseNumber = (t: string) => /^\d{1,3}[a-z]?$/.test(t)

/**
 * The search terms for what a person typed: every word and postal code must occur. Words of three letters and
 * more, and the last word (still being typed), match as prefixes ("Bahnhofstr" finds Bahnhofstrasse); postal
 * codes match whole. House numbers are not part of it (they are looked up by key afterwards). Null when there
 * is no word to search.
 */
export function searchTerms(q: string): SearchTerm[] | null {
  const tokens = tokensOf(q).filter((t) => !isHouseNumber(t))
  if (!tokens.some((t) => /\p{L}{2}/u.test(t))) return null
  return tokens.map((t, i) => ({ text: t, prefix: /\p{L}/u.test(t) && (i === tokens.length - 1 || t.length >= 3) }))
}

/** The terms as SQLite's FTS5 query (street-index-sqlite.ts). */
export function ftsQuery(q: string): string | null {
  const terms = searchTerms(q)
  return terms && ftsMatch(terms)
}

// How many matching streets are ranked; the rest of a very common street name's matches are not looked at.
const CANDIDATES = 100

/**
 * Street search: up to MAX_RESULTS addresses, best first. With a typed house number, the streets
 * that have it come with it; when none has it, the streets come with the number as typed (as the
 * postal-code list does). The ranking is done here rather than with bm25 (which would score every
 * match of a common street): the postal code and the place typed, then the street's beginning.
 */
export async function searchBuildingAddresses(ctx: AppContext, q: string): Promise<AddressResult[]> {
  const terms = searchTerms(q)
  const index = streetIndexOf(ctx)
  if (!terms || !index) return []
  const tokens = tokensOf(q)
  const number = tokens.find(isHouseNumber) ?? ''
  const rows = await index.candidates(ctx, terms, number, CANDIDATES)
  const words = tokens.filter((t) => /\p{L}/u.test(t))
  const scored = rows.map((r) => {
    const street = fold(r.street)
    let score = 0
    if (tokens.includes(r.postal_code)) score += 50
    if (words.some((w) => fold(r.locality) === w || fold(r.municipality) === w)) score += 30
    if (words[0] && street.startsWith(words[0])) score += 20
    return { r, score }
  })
  scored.sort(
    (a, b) =>
      b.score - a.score || a.r.street.length - b.r.street.length || a.r.postal_code.localeCompare(b.r.postal_code),
  )
  const out: AddressResult[] = []
  const seen = new Set<string>()
  for (const { r } of scored) {
    const key = `${r.street}|${r.house_number}|${r.postal_code}|${r.locality}`
    if (seen.has(key)) continue
    seen.add(key)
    const extra = r.municipality !== r.locality ? ` (${r.municipality})` : ''
    out.push({
      displayName:
        `${streetLine({ street: r.street, houseNumber: r.house_number })}, ${r.postal_code} ` +
        `${r.locality}${extra}, ${r.canton}`,
      street: r.street,
      houseNumber: r.house_number,
      postalCode: r.postal_code,
      city: r.locality,
      gemeinde: r.municipality,
      state: cantonByCode(r.canton)?.name ?? r.canton,
      country: 'Switzerland',
    })
    if (out.length === MAX_RESULTS) break
  }
  return out
}
