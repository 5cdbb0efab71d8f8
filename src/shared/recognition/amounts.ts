/**
 * Swiss amounts as printed and as read by OCR: 85'400.00, 85’400.–, 85 400.00, 85400,
 * 1'234,50. Returns francs as a number with two decimals, or null.
 */
const AMOUNT = /(?<![\d.'])(\d{1,3}(?:['’ ]\d{3})+|\d+)(?:[.,](\d{2}|-{1,2}|–))?(?![\d'’])/g

export function amountsIn(line: string): number[] {
  const out: number[] = []
  for (const m of line.matchAll(AMOUNT)) {
    const whole = Number(m[1]!.replace(/['’ ]/g, ''))
    const cents = m[2] && /^\d{2}$/.test(m[2]) ? Number(m[2]) : 0
    if (Number.isFinite(whole)) out.push(Math.round(whole * 100 + cents) / 100)
  }
  return out
}

/** The last amount of a line: forms put the value in the right-hand column. */
export const lastAmount = (line: string): number | null => amountsIn(line).at(-1) ?? null
