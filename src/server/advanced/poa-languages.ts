// What the routes ask of the power of attorney before it is made: its languages and the date format. Apart from
// power-of-attorney.ts so that pdf-lib (~1 MB of code) is loaded on the first PDF, not at start (issue 28).

export const POA_LANGUAGES = ['de', 'fr', 'it', 'en'] as const
export type PoaLanguage = (typeof POA_LANGUAGES)[number]

export const isPoaLanguage = (v: string): v is PoaLanguage => (POA_LANGUAGES as readonly string[]).includes(v)

/** dd.mm.yyyy, the Swiss way, for every language. */
export const swissDate = (iso: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : iso
