import { readFileSync } from 'node:fs'
import type { AppContext } from '../context'
import { localities } from '../db/schema'
import { cantonByCode } from '../../shared/cantons'

/** One place a postal code stands for. */
export interface Locality {
  postalCode: string
  locality: string
  municipality: string
  canton: string
}

type EmbeddedEntry = { city_name: string; zipcode: number; community_name: string; canton: string }

let embedded: Promise<Locality[]> | undefined
/**
 * The embedded default list (about 3,200 postal codes, 2018); "Lausanne 27"-style delivery
 * suffixes are dropped from the locality. The JSON is bundled into the executable but parsed
 * on the first address search, not at start: an idle server does not need it in memory.
 */
export function embeddedLocalities(): Promise<Locality[]> {
  embedded ??= import('@stefanzweifel/js-swiss-cantons/src/data/zipcodes.json').then(({ default: zipcodes }) =>
    Object.values(zipcodes as Record<string, EmbeddedEntry>)
      .filter((e) => cantonByCode(e.canton))
      .map((e) => ({
        postalCode: String(e.zipcode),
        locality: e.city_name.replace(/\s+\d+$/, ''),
        municipality: e.community_name,
        canton: e.canton,
      })),
  )
  return embedded
}

// The imported table, cached until its row count or last id changes (an import replaces every row).
const cache = new WeakMap<AppContext, { stamp: string; rows: Locality[] }>()

/** The imported list when the table has rows, else the embedded one. */
export async function currentLocalities(ctx: AppContext): Promise<Locality[]> {
  const stamp = (await ctx.backend.get<{ n: number; last: number | null }>(
    'SELECT count(*) AS n, max(id) AS last FROM localities',
  ))!
  if (Number(stamp.n) === 0) return embeddedLocalities()
  const key = `${stamp.n}:${stamp.last}`
  const hit = cache.get(ctx)
  if (hit?.stamp === key) return hit.rows
  const rows = await ctx.db
    .select({
      postalCode: localities.postalCode,
      locality: localities.locality,
      municipality: localities.municipality,
      canton: localities.canton,
    })
    .from(localities)

  cache.set(ctx, { stamp: key, rows })
  return rows
}

const REQUIRED_COLUMNS = ['Ortschaftsname', 'PLZ4', 'Gemeindename', 'Kantonskürzel'] as const

/**
 * Parses swisstopo's Ortschaftenverzeichnis (semicolon-separated, header line
 * Ortschaftsname;PLZ4;Zusatzziffer;Gemeindename;BFS-Nr;Kantonskürzel;…). Lines that are not a
 * Swiss locality are skipped and counted; the same place under several Zusatzziffern is kept once.
 */
export function parseLocalitiesCsv(text: string): {
  rows: (Locality & { bfsNumber: number | null })[]
  skipped: number
} {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim())
  const header = (lines.shift() ?? '').split(';').map((h) => h.trim())
  const col = Object.fromEntries(header.map((h, i) => [h, i]))
  const missing = REQUIRED_COLUMNS.filter((c) => col[c] === undefined)
  if (missing.length) throw new Error(`not an Ortschaftenverzeichnis CSV: missing column(s) ${missing.join(', ')}`)
  const seen = new Set<string>()
  const rows: (Locality & { bfsNumber: number | null })[] = []
  let skipped = 0
  for (const line of lines) {
    const cells = line.split(';').map((c) => c.trim())
    const postalCode = cells[col.PLZ4!] ?? ''
    const locality = cells[col.Ortschaftsname!] ?? ''
    const municipality = cells[col.Gemeindename!] ?? ''
    const canton = (cells[col.Kantonskürzel!] ?? '').toUpperCase()
    if (!/^\d{4}$/.test(postalCode) || !locality || !municipality || !cantonByCode(canton)) {
      skipped++
      continue
    }
    const key = `${postalCode}|${locality}|${municipality}|${canton}`
    if (seen.has(key)) continue
    seen.add(key)
    const bfs = Number(cells[col['BFS-Nr']!] ?? '')
    rows.push({ postalCode, locality, municipality, canton, bfsNumber: Number.isInteger(bfs) && bfs > 0 ? bfs : null })
  }
  return { rows, skipped }
}

/**
 * `swisstax data import-localities FILE`: replaces the localities table with the file's
 * rows in one transaction. A file with no usable row changes nothing.
 */
export async function importLocalities(ctx: AppContext, file: string) {
  const { rows, skipped } = parseLocalitiesCsv(readFileSync(file, 'utf8'))
  if (rows.length === 0) throw new Error(`no localities found in ${file} (${skipped} line(s) skipped)`)
  await ctx.tx(async () => {
    await ctx.db.delete(localities)
    for (let i = 0; i < rows.length; i += 500) await ctx.db.insert(localities).values(rows.slice(i, i + 500))
  })
  await ctx.backend.run('ANALYZE localities')
  return { imported: rows.length, skipped }
}
