/**
 * Canton tax-ID rules (spec part 1, "Tax ID per canton"). The client formats while the person
 * types and the server checks again on save; both use these functions so the rule is written once.
 */
export interface TaxIdRule {
  /** Canton code, upper case: 'ZH'. */
  code: string
  /** Human-readable format, X = one digit: 'XXX.XXX.XXX'. Shown in the error message. */
  format: string
  /** Anchored pattern of a complete, formatted tax ID. */
  pattern: RegExp
  /** Example value for the input field: '123.456.789'. */
  placeholder: string
  /** i18n key of the "where do I find it" text: 'cantons:tax_id_info.ZH'. */
  infoKey: string
}

/** The spec's table: one format per group of cantons. */
const FORMAT_GROUPS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['XXXX.XXXX.XX', ['AG']],
  ['XXX.XXX.XXX', ['BE', 'GE', 'GR', 'LU', 'SG', 'SO', 'TG', 'TI', 'ZH']],
  ['XXX-XXX-XXX', ['FR', 'NE', 'VD', 'VS']],
  ['XXX-XXX-XX', ['JU']],
  ['XXX.XXX.XX', ['AI', 'AR', 'BL', 'BS', 'GL', 'NW', 'OW', 'SH', 'SZ', 'UR', 'ZG']],
]

const patternOf = (format: string) =>
  new RegExp(`^${format.replace(/X+|[^X]/g, (part) => (part[0] === 'X' ? `\\d{${part.length}}` : `\\${part}`))}$`)

// 1234.5678.90, 123.456.789, …: plausible, and obviously an example.
const placeholderOf = (format: string) => {
  let n = 0
  return format.replace(/X/g, () => String(++n % 10))
}

const digitCount = (format: string) => format.replace(/[^X]/g, '').length

/** The rule of every canton, keyed by upper-case code. */
export const TAX_ID_RULES: Record<string, TaxIdRule> = Object.freeze(
  Object.fromEntries(
    FORMAT_GROUPS.flatMap(([format, codes]) =>
      codes.map((code) => [
        code,
        Object.freeze({
          code,
          format,
          pattern: patternOf(format),
          placeholder: placeholderOf(format),
          infoKey: `cantons:tax_id_info.${code}`,
        }),
      ]),
    ),
  ),
)

/** The rule for a canton code, case-insensitive; undefined for an unknown code. */
export function taxIdRule(code: string): TaxIdRule | undefined {
  return Object.hasOwn(TAX_ID_RULES, code.trim().toUpperCase()) ? TAX_ID_RULES[code.trim().toUpperCase()] : undefined
}

/**
 * Formats input while it is typed: keeps digits only, caps them at the format's digit count and
 * inserts each separator once the digit after it arrives ('1234567' → '123.456.7' for ZH), so
 * deleting backwards never gets stuck on a trailing dot. Unknown canton: the input is returned as is.
 */
export function formatTaxId(code: string, input: string): string {
  const rule = taxIdRule(code)
  if (!rule) return input
  const digits = input.replace(/\D/g, '').slice(0, digitCount(rule.format))
  let out = ''
  let next = 0
  for (const ch of rule.format) {
    if (next >= digits.length) break
    out += ch === 'X' ? digits[next++] : ch
  }
  return out
}

/** True when the value is a complete tax ID in the canton's format (surrounding spaces ignored). */
export function isValidTaxId(code: string, value: string): boolean {
  return taxIdRule(code)?.pattern.test(value.trim()) ?? false
}

/**
 * The error to show for a tax ID, or null when it is valid. The key's text is
 * "Invalid format. Expected: {{format}}"; for an unknown canton the format is empty, since the
 * caller asks for a canton first ("Missing Information").
 */
export function taxIdError(code: string, value: string): { key: string; format: string } | null {
  if (isValidTaxId(code, value)) return null
  return { key: 'cantons:invalid_format', format: taxIdRule(code)?.format ?? '' }
}
