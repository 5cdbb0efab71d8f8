import { MAX_TAX_YEAR, MIN_TAX_YEAR, parseTaxYear } from '../../shared/tax-years'
import { badRequest } from './errors'

/**
 * Request values the routes parse by hand (query strings, form fields): cheaper
 * than a TypeBox schema on the polled GETs, and the refusal names the field.
 */

/** A tax year through the one shared parser (src/shared/tax-years.ts); 400 otherwise. */
export function taxYearParam(raw: unknown, field = 'taxYear'): number {
  if (raw === undefined || raw === null || raw === '') throw badRequest(`Missing field '${field}': a year such as 2025`)
  const year = parseTaxYear(raw)
  if (year === undefined)
    throw badRequest(`Invalid field '${field}': expected a year from ${MIN_TAX_YEAR} to ${MAX_TAX_YEAR}`)
  return year
}

/** As taxYearParam, but an absent or empty value is undefined (the caller picks the default year). */
export const optionalTaxYearParam = (raw: unknown, field = 'taxYear'): number | undefined =>
  raw === undefined || raw === '' ? undefined : taxYearParam(raw, field)

/** A whole number from min to max; absent or empty gives the fallback. */
export function intParam(raw: string | undefined, fallback: number, min: number, max: number, field: string): number {
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < min || n > max)
    throw badRequest(`Invalid field '${field}': expected a whole number from ${min} to ${max}`)
  return n
}

/** A user id named in a query (`?userId=`): absent or empty is undefined, meaning the caller. */
export const userIdParam = (raw: string | undefined): number | undefined =>
  raw === undefined || raw === '' ? undefined : intParam(raw, 0, 1, Number.MAX_SAFE_INTEGER, 'userId')

export const INVALID_USER_ID = 'Invalid User ID: Please enter a valid numeric user ID'

/**
 * A user id in a path or in the experts' forms (reset, debug panel, dossier): a whole number above zero, sent as a
 * number or as digits; the spec's refusal text otherwise.
 */
export function parseUserId(raw: unknown): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d{1,15}\s*$/.test(raw) ? Number(raw) : NaN
  if (!Number.isSafeInteger(n) || n <= 0) throw badRequest(INVALID_USER_ID, 'INVALID_USER_ID')
  return n
}
