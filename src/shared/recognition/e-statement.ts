import type { Classification } from './classify'
import type { DocLanguage } from './language'
/**
 * An e-Steuerauszug (eCH-0196 v2.2) as recognition reads it from its barcodes (docs/recognition.md).
 * Amounts are decimal strings in CHF exactly as the XML gives them ("39351.02", "0.000"): a
 * binary float would lose cents once statements are summed per year. Add them with addAmounts.
 */

/** A decimal string as xs:decimal writes it: "-12.5", "0.000", "137.45". */
export type Amount = string

export interface EStatementTotals {
  /** Steuerwert: the total tax value (wealth) of every list. */
  taxValue: Amount
  /** Gross revenue with Swiss withholding tax (Verrechnungssteuer). */
  grossRevenueA: Amount
  /** Gross revenue without Swiss withholding tax. */
  grossRevenueB: Amount
  /** Withholding tax that can be reclaimed. */
  withholdingTaxClaim: Amount
  grossRevenueACanton?: Amount
  grossRevenueBCanton?: Amount
  /** Form DA-1 (foreign withholding taxes), from the securities list. */
  da1?: { lumpSumTaxCredit: Amount; nonRecoverableTax: Amount }
  /** Additional US withholding tax (form R-US), from the securities list. */
  usa?: { additionalWithholdingTax: Amount }
}

/** A payment of an account, a liability or a security (the XSD's …PaymentType). */
export interface EStatementPayment {
  /** YYYY-MM-DD */
  date: string
  name: string | null
  currency: string
  amount: Amount | null
  exchangeRate: Amount | null
  grossRevenueA: Amount | null
  grossRevenueB: Amount | null
  withholdingTaxClaim: Amount | null
  /** Securities only: the quantity the payment is for. */
  quantity?: Amount
  lumpSumTaxCreditAmount?: Amount
  nonRecoverableTaxAmount?: Amount
  additionalWithholdingTaxUSA?: Amount
}

export interface EStatementBankAccount {
  number: string | null
  iban: string | null
  name: string
  country: string
  currency: string
  /** The account's tax value (its closing balance in CHF). */
  taxValue: Amount
  grossRevenueA: Amount
  grossRevenueB: Amount
  withholdingTaxClaim: Amount
  payments: EStatementPayment[]
}

export interface EStatementLiability {
  number: string | null
  iban: string | null
  name: string
  currency: string
  /** The debt at the end of the period, in CHF. */
  taxValue: Amount
  /** Interest paid (gross revenue B of a liability). */
  grossRevenueB: Amount
  payments: EStatementPayment[]
}

export interface EStatementSecurity {
  depot: string
  positionId: number
  valorNumber: string | null
  isin: string | null
  name: string
  category: string
  currency: string
  country: string
  /** Quantity at the end of the period (null when the statement gives no tax value). */
  quantity: Amount | null
  taxValue: Amount | null
  /** Sums of the security's payments. */
  grossRevenueA: Amount
  grossRevenueB: Amount
  withholdingTaxClaim: Amount
  payments: EStatementPayment[]
}

export interface EStatement {
  /** The statement's own id (the XML's id attribute). */
  id: string
  institution: string
  clientNumber: string
  clientName: string | null
  /** YYYY-MM-DD */
  periodFrom: string
  periodTo: string
  taxPeriod: number
  canton: string | null
  totals: EStatementTotals
  bankAccounts: EStatementBankAccount[]
  liabilities: EStatementLiability[]
  securities: EStatementSecurity[]
  /** Set when a list was longer than what is kept (the totals always cover everything). */
  truncated?: boolean
  /** The statement's barcode pages: how many PDF417 symbols carried it. */
  symbols: number
}

/** What the file list shows of a statement (GET /api/files). */
export interface EStatementSummary {
  institution: string
  taxPeriod: number
  taxValue: Amount
  /** Gross revenue A + B. */
  grossRevenue: Amount
  withholdingTaxClaim: Amount
}

export const summarizeStatement = (s: EStatement): EStatementSummary => ({
  institution: s.institution,
  taxPeriod: s.taxPeriod,
  taxValue: s.totals.taxValue,
  grossRevenue: addAmounts(s.totals.grossRevenueA, s.totals.grossRevenueB),
  withholdingTaxClaim: s.totals.withholdingTaxClaim,
})

/** Categories a statement is filed under (src/shared/documents.ts). */
export const SECURITIES_STATEMENT_CATEGORY_ID = 10
export const BANK_DOCUMENTS_CATEGORY_ID = 2

/** xs:decimal's lexical form, bounded: an optional sign, digits, an optional fraction. */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/
const MAX_DIGITS = 40

export function isAmount(s: unknown): s is Amount {
  if (typeof s !== 'string' || s.length > MAX_DIGITS + 2) return false
  const m = DECIMAL.exec(s)
  return !!m && (m[2]!.length > 0 || (m[3]?.length ?? 0) > 0)
}

/**
 * An amount in the plain form /^-?\d+(\.\d+)?$/ (what shared/decimal.ts sums): xs:decimal's other
 * spellings ("+5", ".5", "5.") rewritten, every digit and trailing zero kept ("0.000" stays "0.000").
 */
export function canonicalAmount(s: Amount): Amount {
  if (!isAmount(s)) throw new RangeError(`not a decimal amount: ${JSON.stringify(s).slice(0, 50)}`)
  const [, sign, whole, fraction = ''] = DECIMAL.exec(s)!
  return `${sign === '-' ? '-' : ''}${whole || '0'}${fraction ? `.${fraction}` : ''}`
}

function parse(s: string): { units: bigint; scale: number } {
  if (!isAmount(s)) throw new RangeError(`not a decimal amount: ${JSON.stringify(s).slice(0, 50)}`)
  const [, sign, whole, fraction = ''] = DECIMAL.exec(s)!
  const units = BigInt(`${whole || '0'}${fraction}`)
  return { units: sign === '-' ? -units : units, scale: fraction.length }
}

function format(units: bigint, scale: number): Amount {
  const negative = units < 0n
  let digits = (negative ? -units : units).toString().padStart(scale + 1, '0')
  let fraction = scale ? digits.slice(-scale) : ''
  digits = scale ? digits.slice(0, -scale) : digits
  fraction = fraction.replace(/0+$/, '')
  const out = fraction ? `${digits}.${fraction}` : digits
  return negative && out !== '0' ? `-${out}` : out
}

/**
 * a + b exactly, for decimal strings of any size ("0.1" + "0.2" = "0.3"), as integers scaled to the
 * longer fraction. The result has no trailing zeros in its fraction ("0.000" + "137.45" = "137.45").
 */
export function addAmounts(a: Amount, b: Amount): Amount {
  const x = parse(a)
  const y = parse(b)
  const scale = Math.max(x.scale, y.scale)
  return format(x.units * 10n ** BigInt(scale - x.scale) + y.units * 10n ** BigInt(scale - y.scale), scale)
}

/** The sum of a list of amounts ("0" for none). */
export const sumAmounts = (list: Amount[]): Amount => list.reduce(addAmounts, '0')

/** An amount rounded to cents, half away from zero, as a string with two decimals ("22.936" → "22.94"). */
export function toCents(a: Amount): Amount {
  const { units, scale } = parse(a)
  let cents: bigint
  if (scale <= 2) cents = units * 10n ** BigInt(2 - scale)
  else {
    const div = 10n ** BigInt(scale - 2)
    const negative = units < 0n
    const abs = negative ? -units : units
    const q = abs / div + ((abs % div) * 2n >= div ? 1n : 0n)
    cents = negative ? -q : q
  }
  const s = format(cents, 2)
  const [whole, fraction = ''] = s.split('.')
  return `${whole}.${fraction.padEnd(2, '0')}`
}

/** How sure a statement read from its barcodes is: the XML says what it is. */
export const STATEMENT_CONFIDENCE = 0.99

/**
 * An e-Steuerauszug's category and year come from its XML, not from words: securities (or debts
 * beside them) file it with the securities account statements, accounts alone with the bank documents.
 */
export function statementClassification(s: EStatement, language: DocLanguage | null): Classification {
  const accountsOnly = s.securities.length === 0 && s.bankAccounts.length > 0
  return {
    categoryId: accountsOnly ? BANK_DOCUMENTS_CATEGORY_ID : SECURITIES_STATEMENT_CATEGORY_ID,
    confidence: STATEMENT_CONFIDENCE,
    language,
    reason: [`e-Steuerauszug eCH-0196 (${s.symbols} barcodes)`],
    fields: { year: s.taxPeriod, statement: s },
  }
}
