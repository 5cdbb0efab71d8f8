/**
 * Exact sums of decimal amounts as an e-Steuerauszug gives them ("39351.02"): scaled to integers (BigInt), never
 * binary floating point, so a year's sum over many statements is right to the cent.
 */
const DECIMAL = /^-?\d+(\.\d+)?$/

export const isDecimal = (value: unknown): value is string => typeof value === 'string' && DECIMAL.test(value)

export function addDecimals(values: readonly string[]): string {
  const valid = values.filter(isDecimal)
  const scale = Math.max(0, ...valid.map((v) => v.split('.')[1]?.length ?? 0))
  let sum = 0n
  for (const v of valid) {
    const negative = v.startsWith('-')
    const [whole = '0', fraction = ''] = v.replace('-', '').split('.')
    const scaled = BigInt(whole + fraction.padEnd(scale, '0'))
    sum += negative ? -scaled : scaled
  }
  const negative = sum < 0n
  const digits = (negative ? -sum : sum).toString().padStart(scale + 1, '0')
  const whole = digits.slice(0, digits.length - scale)
  const fraction = scale ? `.${digits.slice(digits.length - scale)}` : ''
  return `${negative ? '-' : ''}${whole}${fraction}`
}

/** An amount for a person to read: Swiss grouping with an apostrophe, two decimals ("39'351.02"). */
export function formatChf(value: string): string {
  if (!isDecimal(value)) return value
  const negative = value.startsWith('-')
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, "'")
  return `${negative ? '-' : ''}${grouped}.${fraction.padEnd(2, '0')}`
}

/**
 * An exact decimal string in a language's own way of writing numbers (its grouping and decimal signs, as Intl
 * gives them for Switzerland), two decimals at least: "39351.02" → "39’351.02" in German, "39 351,02" in French.
 */
export function formatDecimal(value: string, locale: string): string {
  if (!isDecimal(value)) return value
  const parts = new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).formatToParts(12345.6)
  const group = parts.find((p) => p.type === 'group')?.value ?? "'"
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.'
  const negative = value.startsWith('-')
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.')
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)}${decimal}${fraction.padEnd(2, '0')}`
}
