import {
  canonicalAmount,
  isAmount,
  sumAmounts,
  type Amount,
  type EStatement,
  type EStatementBankAccount,
  type EStatementLiability,
  type EStatementPayment,
  type EStatementSecurity,
} from '../../../../shared/recognition/e-statement'
import { parseXml, type XmlElement } from './safe-xml'

export const ECH_0196_NAMESPACE = 'http://www.ech.ch/xmlns/eCH-0196/2'
/** Entries kept per list (accounts, liabilities, securities) and payments per entry: the totals cover the rest. */
export const MAX_ENTRIES = 2000
export const MAX_PAYMENTS = 400

/** The XML is not an eCH-0196 statement, or lacks what recognition uses of one. */
export class NotAStatement extends Error {}

const DATE = /^\d{4}-\d{2}-\d{2}$/
const TEXT_MAX = 200

const kids = (e: XmlElement, name: string) => e.children.filter((c) => c.name === name)
const kid = (e: XmlElement, name: string) => e.children.find((c) => c.name === name)

/** Cuts lists to their bound and remembers that it did (the statement is then `truncated`). */
class Limiter {
  truncated = false
  limit<T>(list: T[], max: number): T[] {
    if (list.length > max) this.truncated = true
    return list.slice(0, max)
  }
}

/**
 * The statement in an eCH-0196 v2 XML (the version 2.2 schema, minorVersion 22 and earlier 2.x):
 * what recognition shows and the expert sums, validated field by field. Attributes it does not use
 * are not looked at, so a later minor version still reads.
 */
export function statementFromXml(xml: string, symbols = 0): EStatement {
  const root = parseXml(xml)
  const ns = root.attrs[root.prefix ? `xmlns:${root.prefix}` : 'xmlns']
  if (root.name !== 'taxStatement' || ns !== ECH_0196_NAMESPACE)
    throw new NotAStatement(`the XML is not an eCH-0196 tax statement (root ${root.name.slice(0, 40)})`)
  const limiter = new Limiter()
  const r = reader(root)
  const taxPeriod = Number(r.req('taxPeriod', /^\d{4}$/))
  const institution = kid(root, 'institution')
  const client = kid(root, 'client')
  if (!institution || !client) throw new NotAStatement('the statement names no institution or client')
  const c = reader(client)
  const clientName = [c.opt('firstName'), c.opt('lastName')].filter(Boolean).join(' ') || null
  const bankAccounts = bankAccountsOf(root, limiter)
  const liabilities = liabilitiesOf(root, limiter)
  const securities = securitiesOf(root, limiter)
  return {
    id: r.req('id'),
    institution: reader(institution).req('name'),
    clientNumber: c.req('clientNumber'),
    clientName,
    periodFrom: r.req('periodFrom', DATE),
    periodTo: r.req('periodTo', DATE),
    taxPeriod,
    canton: r.opt('canton', /^[A-Z]{2}$/),
    totals: totalsOf(root),
    bankAccounts,
    liabilities,
    securities,
    ...(limiter.truncated ? { truncated: true } : {}),
    symbols,
  }
}

/** The payments of an account or a security (at most MAX_PAYMENTS). */
function paymentsOf(e: XmlElement, limiter: Limiter): EStatementPayment[] {
  return limiter.limit(kids(e, 'payment'), MAX_PAYMENTS).map((p) => {
    const pr = reader(p)
    const out: EStatementPayment = {
      date: pr.req('paymentDate', DATE),
      name: pr.opt('name'),
      currency: pr.opt('amountCurrency') ?? 'CHF',
      amount: pr.amountOpt('amount'),
      exchangeRate: pr.amountOpt('exchangeRate'),
      grossRevenueA: pr.amountOpt('grossRevenueA'),
      grossRevenueB: pr.amountOpt('grossRevenueB'),
      withholdingTaxClaim: pr.amountOpt('withHoldingTaxClaim'),
    }
    const extra = {
      quantity: pr.amountOpt('quantity'),
      lumpSumTaxCreditAmount: pr.amountOpt('lumpSumTaxCreditAmount'),
      nonRecoverableTaxAmount: pr.amountOpt('nonRecoverableTaxAmount'),
      additionalWithholdingTaxUSA: pr.amountOpt('additionalWithHoldingTaxUSA'),
    }
    for (const [k, v] of Object.entries(extra)) if (v !== null) (out as unknown as Record<string, string>)[k] = v
    return out
  })
}

function bankAccountsOf(root: XmlElement, limiter: Limiter): EStatementBankAccount[] {
  const accounts = kid(root, 'listOfBankAccounts')
  if (!accounts) return []
  return limiter.limit(kids(accounts, 'bankAccount'), MAX_ENTRIES).map((a) => {
    const ar = reader(a)
    return {
      number: ar.opt('bankAccountNumber'),
      iban: ar.opt('iban'),
      name: ar.req('bankAccountName'),
      country: ar.opt('bankAccountCountry') ?? '',
      currency: ar.opt('bankAccountCurrency') ?? 'CHF',
      taxValue: ar.amount('totalTaxValue'),
      grossRevenueA: ar.amount('totalGrossRevenueA'),
      grossRevenueB: ar.amount('totalGrossRevenueB'),
      withholdingTaxClaim: ar.amount('totalWithHoldingTaxClaim'),
      payments: paymentsOf(a, limiter),
    }
  })
}

function liabilitiesOf(root: XmlElement, limiter: Limiter): EStatementLiability[] {
  const debts = kid(root, 'listOfLiabilities')
  if (!debts) return []
  return limiter.limit(kids(debts, 'liabilityAccount'), MAX_ENTRIES).map((a) => {
    const ar = reader(a)
    return {
      number: ar.opt('bankAccountNumber'),
      iban: ar.opt('iban'),
      name: ar.req('bankAccountName'),
      currency: ar.opt('bankAccountCurrency') ?? 'CHF',
      taxValue: ar.amount('totalTaxValue'),
      grossRevenueB: ar.amount('totalGrossRevenueB'),
      payments: paymentsOf(a, limiter),
    }
  })
}

/** Every depot's securities (at most MAX_ENTRIES over all depots), each with the sums of its payments. */
function securitiesOf(root: XmlElement, limiter: Limiter): EStatementSecurity[] {
  const list = kid(root, 'listOfSecurities')
  const securities: EStatementSecurity[] = []
  for (const depot of list ? kids(list, 'depot') : []) {
    const depotNumber = reader(depot).req('depotNumber')
    for (const s of kids(depot, 'security')) {
      if (securities.length >= MAX_ENTRIES) {
        limiter.truncated = true
        break
      }
      const sr = reader(s)
      const value = kid(s, 'taxValue')
      const vr = value ? reader(value) : null
      const paid = paymentsOf(s, limiter)
      const sum = (pick: (p: EStatementPayment) => Amount | null) => sumAmounts(paid.map((p) => pick(p) ?? '0'))
      securities.push({
        depot: depotNumber,
        positionId: Number(sr.req('positionId', /^\d{1,9}$/)),
        valorNumber: sr.opt('valorNumber', /^\d{1,12}$/),
        isin: sr.opt('isin', /^[A-Z]{2}[A-Z0-9]{9}\d$/),
        name: sr.req('securityName'),
        category: sr.opt('securityCategory') ?? '',
        currency: sr.opt('currency') ?? '',
        country: sr.opt('country') ?? '',
        quantity: vr ? vr.amountOpt('quantity') : null,
        taxValue: vr ? vr.amountOpt('value') : null,
        grossRevenueA: sum((p) => p.grossRevenueA),
        grossRevenueB: sum((p) => p.grossRevenueB),
        withholdingTaxClaim: sum((p) => p.withholdingTaxClaim),
        payments: paid,
      })
    }
  }
  return securities
}

/** The statement's totals, with the cantonal, DA-1 and US figures when it gives them. */
function totalsOf(root: XmlElement): EStatement['totals'] {
  const r = reader(root)
  const list = kid(root, 'listOfSecurities')
  const lr = list ? reader(list) : null
  const da1 = lr?.amountOpt('totalLumpSumTaxCredit')
  const nonRecoverable = lr?.amountOpt('totalNonRecoverableTax')
  const usa = lr?.amountOpt('totalAdditionalWithHoldingTaxUSA')
  const aCanton = r.amountOpt('totalGrossRevenueACanton')
  const bCanton = r.amountOpt('totalGrossRevenueBCanton')
  return {
    taxValue: r.amount('totalTaxValue'),
    grossRevenueA: r.amount('totalGrossRevenueA'),
    grossRevenueB: r.amount('totalGrossRevenueB'),
    withholdingTaxClaim: r.amount('totalWithHoldingTaxClaim'),
    ...(aCanton ? { grossRevenueACanton: aCanton } : {}),
    ...(bCanton ? { grossRevenueBCanton: bCanton } : {}),
    ...(da1 || nonRecoverable
      ? { da1: { lumpSumTaxCredit: da1 ?? '0', nonRecoverableTax: nonRecoverable ?? '0' } }
      : {}),
    ...(usa ? { usa: { additionalWithholdingTax: usa } } : {}),
  }
}

/** Typed access to an element's attributes; a missing or malformed required one is NotAStatement. */
function reader(e: XmlElement) {
  const fail = (name: string, why: string): never => {
    throw new NotAStatement(`${e.name}/@${name} ${why}`)
  }
  const opt = (name: string, pattern?: RegExp): string | null => {
    const v = e.attrs[name]?.trim()
    if (v === undefined || v === '') return null
    if (pattern && !pattern.test(v)) fail(name, 'is malformed')
    return v.slice(0, TEXT_MAX)
  }
  return {
    opt,
    req: (name: string, pattern?: RegExp): string => opt(name, pattern) ?? fail(name, 'is missing'),
    amount: (name: string): Amount => {
      const v = e.attrs[name]?.trim()
      if (v === undefined) return fail(name, 'is missing')
      if (!isAmount(v)) return fail(name, 'is not a decimal')
      return canonicalAmount(v)
    },
    amountOpt: (name: string): Amount | null => {
      const v = e.attrs[name]?.trim()
      if (v === undefined || v === '') return null
      if (!isAmount(v)) return fail(name, 'is not a decimal')
      return canonicalAmount(v)
    },
  }
}
