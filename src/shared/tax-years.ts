/**
 * Tax years (docs/statuses.md): year Y can be filed from 1 January Y+1. The dashboard
 * offers the three most recent fileable years; the default is the previous
 * calendar year. Used by both sides; `today` is injected so tests can move time.
 */
const OFFERED_YEARS = 3

/** The first day year Y can be filed, as an ISO date. */
export const filingOpensOn = (year: number) => `${year + 1}-01-01`

/** The one range of a tax year anywhere in the app: a request naming a year outside it is refused. */
export const MIN_TAX_YEAR = 1900
export const MAX_TAX_YEAR = 2999

/**
 * The one year parser (both sides): a whole number, or its four digits as text
 * (query strings, form fields), from MIN_TAX_YEAR to MAX_TAX_YEAR. Anything else
 * (2025.5, '2025x', ' 2025', '+2025', 'abc') is undefined.
 */
export function parseTaxYear(raw: unknown): number | undefined {
  const year = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{4}$/.test(raw) ? Number(raw) : Number.NaN
  return Number.isInteger(year) && year >= MIN_TAX_YEAR && year <= MAX_TAX_YEAR ? year : undefined
}

/**
 * The calendar year in Switzerland at `today`, whatever the time zone of the browser or the server: a year opens for
 * filing at midnight in Switzerland. New Year always falls in winter time (UTC+1), so it is the UTC year one hour
 * later, exactly, and without the engine's time-zone tables: a server's first local-time date loads them, 3.5 MB of
 * its resident memory (bench "memory").
 */
export const swissYear = (today: Date) => new Date(today.getTime() + 3_600_000).getUTCFullYear()

export function isFileable(year: number, today: Date = new Date()): boolean {
  return parseTaxYear(year) !== undefined && year < swissYear(today)
}

/** The default tax year: the previous calendar year. */
export const defaultTaxYear = (today: Date = new Date()) => swissYear(today) - 1

/** A year asked for in a link (`?taxYear=`): read by parseTaxYear, and kept only when fileable; else the default. */
export function requestedTaxYear(raw: unknown, today: Date = new Date()): number {
  const year = parseTaxYear(raw)
  return year !== undefined && isFileable(year, today) ? year : defaultTaxYear(today)
}

/** The years offered on the dashboard, newest first. */
export const offeredTaxYears = (today: Date = new Date()) =>
  Array.from({ length: OFFERED_YEARS }, (_, i) => defaultTaxYear(today) - i)
