import type { AppContext } from '../context'
import { cantonByCode } from '../../shared/cantons'
import { currentLocalities, type Locality } from './localities'
import { searchExternal } from './geocoder'
import { hasBuildingIndex, searchBuildingAddresses } from './buildings'
import { MAX_RESULTS, MIN_QUERY_LENGTH, splitHouseNumber, streetLine, type AddressResult } from '../../shared/address'

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()

// Words that make a part of the query a street rather than a place.
const STREET_WORDS = new RegExp(
  `(${[
    'strasse',
    'str\\.',
    'gasse',
    'weg',
    'platz',
    'allee',
    'ring',
    'quai',
    'rain',
    'halde',
    'matte',
    'rue',
    'route',
    'chemin',
    'avenue',
    'place',
    'via',
    'viale',
    'piazza',
    'vicolo',
    'ch\\.',
    'av\\.',
  ].join('|')})`,
  'i',
)

/** The pieces of a typed address: "Bahnhofstrasse 12, 8001 Zürich" → street, number, postal code, place. */
export function parseQuery(q: string): { street: string; houseNumber: string; postalCode: string; place: string } {
  let street = ''
  let houseNumber = ''
  let postalCode = ''
  let place = ''
  for (const raw of q
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const plzFirst = /^(?:CH-?)?(\d{4})(?:\s+(.*))?$/i.exec(raw)
    const plzLast = /^(\D.*?)\s+(\d{4})$/.exec(raw)
    if (plzFirst) {
      postalCode = plzFirst[1]!
      if (plzFirst[2]) place = plzFirst[2]
      continue
    }
    if (plzLast && !STREET_WORDS.test(plzLast[1]!)) {
      place = plzLast[1]!
      postalCode = plzLast[2]!
      continue
    }
    // No comma: "Bahnhofstrasse 1 8001 Zürich" has the postal code between street and place.
    const inner = /^(.*?\S)\s+(\d{4})\s+(\D.*)$/.exec(raw)
    if (inner && /[a-z\u00c0-\u024f]/i.test(inner[1]!)) {
      const split = splitHouseNumber(inner[1]!)
      if (!street) {
        street = split.street
        houseNumber = split.houseNumber
      }
      postalCode = inner[2]!
      place = inner[3]!
      continue
    }
    const split = splitHouseNumber(raw)
    if (split.houseNumber || STREET_WORDS.test(raw)) {
      if (!street) {
        street = split.street
        houseNumber = split.houseNumber
      }
      continue
    }
    if (!place) place = raw
  }
  return { street, houseNumber, postalCode, place }
}

// The folded names of a list, computed once per list (the search runs over every entry each time).
const foldedNames = new WeakMap<Locality[], { loc: string; mun: string }[]>()
function foldedOf(all: Locality[]) {
  let f = foldedNames.get(all)
  if (!f) {
    f = all.map((l) => ({ loc: fold(l.locality), mun: fold(l.municipality) }))
    foldedNames.set(all, f)
  }
  return f
}

/** Ranks the places matching the query's postal code and/or place name; best first. */
function matchLocalities(all: Locality[], postalCode: string, place: string): Locality[] {
  const p = fold(place)
  const folded = foldedOf(all)
  const scored: { l: Locality; score: number }[] = []
  for (let i = 0; i < all.length; i++) {
    const l = all[i]!
    let score = 0
    if (postalCode) {
      if (l.postalCode !== postalCode) continue
      score += 100
    }
    if (p) {
      const { loc, mun } = folded[i]!
      if (loc === p || mun === p) score += 50
      else if (loc.startsWith(p) || mun.startsWith(p)) score += 30
      else if (loc.includes(p) || mun.includes(p)) score += 10
      else if (!postalCode) continue
    }
    if (!postalCode && !p) continue
    scored.push({ l, score })
  }
  scored.sort(
    (a, b) =>
      b.score - a.score || a.l.postalCode.localeCompare(b.l.postalCode) || a.l.locality.localeCompare(b.l.locality),
  )
  return scored.map((s) => s.l)
}

function toResult(l: Locality, street: string, houseNumber: string): AddressResult {
  const line = streetLine({ street, houseNumber })
  const city = l.locality
  const place = `${l.postalCode} ${city}`
  const extra = l.municipality !== city ? ` (${l.municipality})` : ''
  return {
    displayName: `${line ? `${line}, ` : ''}${place}${extra}, ${l.canton}`,
    street,
    houseNumber,
    postalCode: l.postalCode,
    city,
    gemeinde: l.municipality,
    state: cantonByCode(l.canton)?.name ?? l.canton,
    country: 'Switzerland',
  }
}

/** The offline part: the typed street kept as typed, the place from the localities list. */
export async function searchOffline(ctx: AppContext, q: string): Promise<AddressResult[]> {
  const { street, houseNumber, postalCode, place } = parseQuery(q)
  // A lone word may be a place or a street without a number: try it as a place.
  const placeText = place || (!postalCode && !street ? q.trim() : '')
  return matchLocalities(await currentLocalities(ctx), postalCode, placeText)
    .slice(0, MAX_RESULTS)
    .map((l) => toResult(l, street, houseNumber))
}

/**
 * A geocoder result without a house number takes the one typed for the same street
 * (spec part 2 §5: "split from the street text or taken from the typed text").
 */
function withTypedNumber(results: AddressResult[], query: string): AddressResult[] {
  const typed = parseQuery(query)
  if (!typed.houseNumber || !typed.street) return results
  return results.map((r) =>
    !r.houseNumber && r.street && fold(r.street) === fold(typed.street) ? { ...r, houseNumber: typed.houseNumber } : r,
  )
}

/**
 * The street index answers when it has been imported and the query names a street or a house
 * number (a postal code or a place alone is the localities' job: the index would list every
 * building of the place).
 */
async function searchStreets(ctx: AppContext, query: string): Promise<AddressResult[]> {
  if (!(await hasBuildingIndex(ctx))) return []
  const { street, houseNumber } = parseQuery(query)
  const shortNumber = /(^|\s)\d{1,3}[a-z]?(\s|,|$)/i.test(query)
  return street || houseNumber || shortNumber ? await searchBuildingAddresses(ctx, query) : []
}

/** What the address search can find here: streets with house numbers only after an import. */
export async function addressCoverage(ctx: AppContext): Promise<{ streets: boolean }> {
  return { streets: await hasBuildingIndex(ctx) }
}

/**
 * GET /api/address/search: fewer than 3 characters find nothing; otherwise the external
 * geocoder's Swiss results (when ADDRESS_SEARCH_URL is set) come first, then the imported
 * street index's, then the postal-code list's (the typed street kept as typed).
 */
export async function searchAddresses(ctx: AppContext, q: string, language = 'en'): Promise<AddressResult[]> {
  const query = q.trim().slice(0, 200)
  if (query.length < MIN_QUERY_LENGTH) return []
  const external = ctx.config.addressSearchUrl ? withTypedNumber(await searchExternal(ctx, query, language), query) : []
  const out: AddressResult[] = []
  const seen = new Set<string>()
  for (const r of [...external, ...(await searchStreets(ctx, query)), ...(await searchOffline(ctx, query))]) {
    const key = `${fold(r.street)}|${r.houseNumber}|${r.postalCode}|${fold(r.gemeinde)}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push(r)
    if (out.length === MAX_RESULTS) break
  }
  return out
}
