/** The 26 Swiss cantons (spec part 1, "Cantons overview" and "cantonOfResidence"). */
export interface Canton {
  /** Official two-letter code, upper case: 'ZH'. */
  code: string
  /** Official name in the canton's own language: 'Zürich', 'Genève', 'Ticino'. */
  name: string
  /** cantonSlug(name): the value stored in a profile's cantonOfResidence. */
  slug: string
  /** URL of the flag, served from assets/: '/cantons/zh.svg'. */
  imagePath: string
}

/** GET /cantons/cantons.json, a static file the server builds from CANTONS (server/cantons). */
export interface CantonsFile {
  cantons: Pick<Canton, 'name' | 'code' | 'imagePath'>[]
}

/**
 * Lowercase slug of a canton name: accents and umlauts folded, every run of other characters
 * (spaces, dots, dashes) turned into a single dash. 'Zürich' → 'zurich', 'St. Gallen' → 'st-gallen'.
 * Idempotent, so a slug passes through unchanged.
 */
export function cantonSlug(name: string): string {
  return name
    .replace(/ß/g, 'ss') // the only German letter NFD does not decompose
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

// Bilingual cantons (Bern/Berne, Fribourg/Freiburg, Valais/Wallis) use their first official name.
const NAMES: ReadonlyArray<readonly [string, string]> = [
  ['AG', 'Aargau'],
  ['AI', 'Appenzell Innerrhoden'],
  ['AR', 'Appenzell Ausserrhoden'],
  ['BE', 'Bern'],
  ['BL', 'Basel-Landschaft'],
  ['BS', 'Basel-Stadt'],
  ['FR', 'Fribourg'],
  ['GE', 'Genève'],
  ['GL', 'Glarus'],
  ['GR', 'Graubünden'],
  ['JU', 'Jura'],
  ['LU', 'Luzern'],
  ['NE', 'Neuchâtel'],
  ['NW', 'Nidwalden'],
  ['OW', 'Obwalden'],
  ['SG', 'St. Gallen'],
  ['SH', 'Schaffhausen'],
  ['SO', 'Solothurn'],
  ['SZ', 'Schwyz'],
  ['TG', 'Thurgau'],
  ['TI', 'Ticino'],
  ['UR', 'Uri'],
  ['VD', 'Vaud'],
  ['VS', 'Valais'],
  ['ZG', 'Zug'],
  ['ZH', 'Zürich'],
]

/** All 26 cantons, sorted by code. */
export const CANTONS: readonly Canton[] = Object.freeze(
  NAMES.map(([code, name]) =>
    Object.freeze({ code, name, slug: cantonSlug(name), imagePath: `/cantons/${code.toLowerCase()}.svg` }),
  ),
)

const BY_SLUG = new Map(CANTONS.map((c) => [c.slug, c]))
const BY_CODE = new Map(CANTONS.map((c) => [c.code, c]))

/** Every valid cantonOfResidence value. */
export const CANTON_SLUGS: ReadonlySet<string> = new Set(BY_SLUG.keys())

/** The canton for a slug; the input is slugged first, so 'Zürich' and 'zurich' both match. */
export function cantonBySlug(slug: string): Canton | undefined {
  return BY_SLUG.get(cantonSlug(slug))
}

/** The canton for a two-letter code, case-insensitive: 'zh' and 'ZH' both match. */
export function cantonByCode(code: string): Canton | undefined {
  return BY_CODE.get(code.trim().toUpperCase())
}
