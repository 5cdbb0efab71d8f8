/**
 * The Swiss social-security number (AHV/AVS number, spec part 2 §3 "Spouse info"): 13 digits,
 * written 756.XXXX.XXXX.XX. 756 is Switzerland's country prefix and the last digit is an
 * EAN-13 check digit, so a typo in any one digit is caught before it reaches the experts.
 */
export const AHV_FORMAT = '756.XXXX.XXXX.XX'

const digitsOf = (value: string) => value.replace(/[.\s]/g, '')

/** EAN-13 check digit of the first 12 digits: weights 1, 3, 1, 3 … from the left. */
export function ahvCheckDigit(first12: string): number {
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3)
  return (10 - (sum % 10)) % 10
}

/** 7569217076985 or 756.9217.0769.85 → 756.9217.0769.85; anything else is returned trimmed. */
export function formatAhv(value: string): string {
  const d = digitsOf(value.trim())
  if (!/^\d{13}$/.test(d)) return value.trim()
  return `${d.slice(0, 3)}.${d.slice(3, 7)}.${d.slice(7, 11)}.${d.slice(11)}`
}

/** Formats while the person types: digits only, at most 13, dots inserted once the next digit arrives. */
export function formatAhvInput(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 13)
  const parts = [d.slice(0, 3), d.slice(3, 7), d.slice(7, 11), d.slice(11)]
  return parts.filter((p, i) => p !== '' || i === 0).join('.')
}

export type AhvProblem = 'format' | 'country' | 'check_digit'

/**
 * Why a value is not an AHV number, or null when it is one. Accepted with or without the dots
 * (but with dots only at their places), since people copy it from cards and from payslips.
 */
export function ahvProblem(value: string): AhvProblem | null {
  const v = value.trim()
  if (!/^\d{13}$/.test(v) && !/^\d{3}\.\d{4}\.\d{4}\.\d{2}$/.test(v)) return 'format'
  const d = digitsOf(v)
  if (!d.startsWith('756')) return 'country'
  if (ahvCheckDigit(d.slice(0, 12)) !== Number(d[12])) return 'check_digit'
  return null
}

export const isValidAhv = (value: string) => ahvProblem(value) === null
