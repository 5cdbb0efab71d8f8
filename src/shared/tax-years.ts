/**
 * Tax years (DESIGN.md §7): year Y can be filed from 1 January Y+1. The dashboard
 * offers the three most recent fileable years; the default is the previous
 * calendar year. Used by both sides; `today` is injected so tests can move time.
 */
export const OFFERED_YEARS = 3

/** The first day year Y can be filed, as an ISO date. */
export const filingOpensOn = (year: number) => `${year + 1}-01-01`

export function isFileable(year: number, today: Date = new Date()): boolean {
  return Number.isInteger(year) && year >= 1900 && year < today.getFullYear()
}

/** The default tax year: the previous calendar year. */
export const defaultTaxYear = (today: Date = new Date()) => today.getFullYear() - 1

/** The years offered on the dashboard, newest first. */
export const offeredTaxYears = (today: Date = new Date()) =>
  Array.from({ length: OFFERED_YEARS }, (_, i) => defaultTaxYear(today) - i)
