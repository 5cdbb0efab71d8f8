/**
 * Text normalisation for matching: lower case, accents removed (ä→a, é→e), typographic
 * quotes and dashes made plain, whitespace collapsed. OCR and PDF text differ mostly in
 * exactly these, so rules are written against the normalised form.
 */
export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[ \t\u00a0\u202f]+/g, ' ')
    .replace(/ *\n[ \n]*/g, '\n')
    .trim()
}

/** Words of at least two letters (digits kept apart), for fuzzy title matching. */
export const words = (normalized: string): string[] => normalized.match(/[a-z]{2,}/g) ?? []

/** Levenshtein distance with an early exit once it exceeds `max`. */
export function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      best = Math.min(best, cur[j]!)
    }
    if (best > max) return max + 1
    prev = cur
  }
  return prev[b.length]!
}
