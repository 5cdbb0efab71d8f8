/** Address lookup rules shared by the widget and the server (spec part 2 §5 "Address search"). */
export interface AddressResult {
  displayName: string
  street: string
  houseNumber: string
  postalCode: string
  city: string
  gemeinde: string
  state: string
  country: string
}

export const MIN_QUERY_LENGTH = 3
export const MAX_RESULTS = 5
/** The widget waits this long after the last keystroke before searching. */
export const SEARCH_DELAY_MS = 500

/** Only Swiss addresses are accepted: the country as a geocoder may name it. */
const SWISS_NAMES = new Set(['switzerland', 'schweiz', 'suisse', 'svizzera', 'svizra', 'ch'])
export const isSwissCountry = (country: string | undefined | null) =>
  SWISS_NAMES.has((country ?? '').trim().toLowerCase())

/** The street line as written on a letter: street and house number (the inverse of splitHouseNumber). */
export const streetLine = (a: { street: string; houseNumber: string }) =>
  [a.street, a.houseNumber].filter(Boolean).join(' ')

/**
 * Splits a house number off the end of a street text: "Bahnhofstrasse 12a" → Bahnhofstrasse + 12a.
 * Also takes a leading number as French and Italian addresses write it ("12 rue du Marché").
 */
export function splitHouseNumber(text: string): { street: string; houseNumber: string } {
  const t = text.trim().replace(/\s+/g, ' ')
  const end = /^(.*\D)\s+(\d{1,4}(?:\s?[a-zA-Z])?(?:[/-]\d{1,4}[a-zA-Z]?)?)$/.exec(t)
  if (end && /[a-zA-Z\u00c0-\u024f]/.test(end[1]!))
    return { street: end[1]!.replace(/,$/, '').trim(), houseNumber: end[2]!.replace(/\s/g, '') }
  const start = /^(\d{1,4}[a-zA-Z]?),?\s+(\D.*)$/.exec(t)
  if (start) return { street: start[2]!.trim(), houseNumber: start[1]! }
  return { street: t, houseNumber: '' }
}
