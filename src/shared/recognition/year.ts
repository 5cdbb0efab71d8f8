/** A year after a label such as "Steuerjahr: 2025" (folded text). */
const YEAR_AFTER_LABEL = new RegExp(
  `(?:${[
    'steuerjahr',
    'steuerperiode',
    'jahr',
    'periode',
    'annee fiscale',
    'periode fiscale',
    'annee',
    'anno fiscale',
    'periodo fiscale',
    'anno',
    'tax year',
    'tax period',
    'year',
    'jahresbeitrag',
    'kalenderjahr',
  ].join('|')})\\s*:?\\s*((?:19|20)\\d{2})\\b`,
  'g',
)
/**
 * The year a document is about. Explicit words ("Steuerjahr 2024", "année 2024",
 * "per 31.12.2024", "01.01.2024 - 31.12.2024") weigh most; a bare year counts once.
 * Issue dates early in the next year are common, so 31 December beats 1 January.
 */
export function documentYear(
  normalized: string,
  range: { min: number; max: number } = { min: 2000, max: 2099 },
): number | null {
  const score = new Map<number, number>()
  const add = (y: number, s: number) => {
    if (y >= range.min && y <= range.max) score.set(y, (score.get(y) ?? 0) + s)
  }
  for (const m of normalized.matchAll(YEAR_AFTER_LABEL)) add(Number(m[1]), 4)
  for (const m of normalized.matchAll(/\b31\.\s?12\.\s?((?:19|20)\d{2})\b/g)) add(Number(m[1]), 3)
  for (const m of normalized.matchAll(
    /\b0?1\.\s?0?1\.\s?((?:19|20)\d{2})\s*(?:-|bis|au|al|to)\s*31\.\s?12\.\s?((?:19|20)\d{2})/g,
  ))
    add(Number(m[2]), 3)
  for (const m of normalized.matchAll(/(?<![\d.'])((?:19|20)\d{2})(?![\d'])/g)) add(Number(m[1]), 1)
  let best: number | null = null
  for (const [y, s] of score)
    if (best === null || s > score.get(best)! || (s === score.get(best)! && y < best)) best = y
  return best
}
