import { t } from 'elysia'
import type {
  EStatement,
  EStatementBankAccount,
  EStatementLiability,
  EStatementPayment,
  EStatementSecurity,
  EStatementTotals,
} from '../../shared/recognition/e-statement'
import type { RecognisedFields } from '../../shared/recognition/fields'
import type { DocLanguage } from '../../shared/recognition/language'
import type { RecognitionAnswer } from '../../shared/recognition/types'
import { mirroring } from '../http/schemas'
import { recognitionSummaryProperties } from '../documents/model'

/** A decimal string as xs:decimal writes it ("-12.5", "0.000"): amounts are never floats (docs/recognition.md). */
const amount = t.String()
const optionalAmount = t.Optional(amount)
const nullableText = t.Nullable(t.String())

const totalsSchema = mirroring<EStatementTotals>()(
  t.Object({
    taxValue: amount,
    grossRevenueA: amount,
    grossRevenueB: amount,
    withholdingTaxClaim: amount,
    grossRevenueACanton: optionalAmount,
    grossRevenueBCanton: optionalAmount,
    da1: t.Optional(t.Object({ lumpSumTaxCredit: amount, nonRecoverableTax: amount })),
    usa: t.Optional(t.Object({ additionalWithholdingTax: amount })),
  }),
)

const paymentSchema = mirroring<EStatementPayment>()(
  t.Object({
    date: t.String(),
    name: nullableText,
    currency: t.String(),
    amount: t.Nullable(amount),
    exchangeRate: t.Nullable(amount),
    grossRevenueA: t.Nullable(amount),
    grossRevenueB: t.Nullable(amount),
    withholdingTaxClaim: t.Nullable(amount),
    quantity: optionalAmount,
    lumpSumTaxCreditAmount: optionalAmount,
    nonRecoverableTaxAmount: optionalAmount,
    additionalWithholdingTaxUSA: optionalAmount,
  }),
)

const bankAccountSchema = mirroring<EStatementBankAccount>()(
  t.Object({
    number: nullableText,
    iban: nullableText,
    name: t.String(),
    country: t.String(),
    currency: t.String(),
    taxValue: amount,
    grossRevenueA: amount,
    grossRevenueB: amount,
    withholdingTaxClaim: amount,
    payments: t.Array(paymentSchema),
  }),
)

const liabilitySchema = mirroring<EStatementLiability>()(
  t.Object({
    number: nullableText,
    iban: nullableText,
    name: t.String(),
    currency: t.String(),
    taxValue: amount,
    grossRevenueB: amount,
    payments: t.Array(paymentSchema),
  }),
)

const securitySchema = mirroring<EStatementSecurity>()(
  t.Object({
    depot: t.String(),
    positionId: t.Number(),
    valorNumber: nullableText,
    isin: nullableText,
    name: t.String(),
    category: t.String(),
    currency: t.String(),
    country: t.String(),
    quantity: t.Nullable(amount),
    taxValue: t.Nullable(amount),
    grossRevenueA: amount,
    grossRevenueB: amount,
    withholdingTaxClaim: amount,
    payments: t.Array(paymentSchema),
  }),
)

/** An e-Steuerauszug as recognition reads it from its barcodes (src/shared/recognition/e-statement.ts). */
const statementSchema = mirroring<EStatement>()(
  t.Object({
    id: t.String(),
    institution: t.String(),
    clientNumber: t.String(),
    clientName: nullableText,
    periodFrom: t.String(),
    periodTo: t.String(),
    taxPeriod: t.Number(),
    canton: nullableText,
    totals: totalsSchema,
    bankAccounts: t.Array(bankAccountSchema),
    liabilities: t.Array(liabilitySchema),
    securities: t.Array(securitySchema),
    truncated: t.Optional(t.Boolean()),
    symbols: t.Number(),
  }),
)

const fieldsSchema = mirroring<RecognisedFields>()(
  t.Object({
    grossSalary: t.Optional(t.Number()),
    netSalary: t.Optional(t.Number()),
    ahvNumber: t.Optional(t.String()),
    employer: t.Optional(t.String()),
    pillar3aContribution: t.Optional(t.Number()),
    mortgageInterest: t.Optional(t.Number()),
    year: t.Optional(t.Number()),
    statement: t.Optional(statementSchema),
  }),
)

const languageSchema = mirroring<DocLanguage>()(
  t.Union([t.Literal('de'), t.Literal('fr'), t.Literal('it'), t.Literal('en')]),
)

/** GET /api/files/:id/recognition: what the server read in a version, and why it decided so. */
export const recognitionAnswerSchema = mirroring<RecognitionAnswer>()(
  t.Object({
    ...recognitionSummaryProperties,
    fileId: t.String(),
    version: t.Number(),
    language: t.Nullable(languageSchema),
    fields: fieldsSchema,
    reason: t.Array(t.String()),
    method: t.Nullable(t.String()),
  }),
)
