import type { AppContext } from '../context'
import { currentVersionsOfYear } from '../documents/reads'
import { recognisedFields } from '../recognition/summary'
import { addDecimals, isDecimal } from '../../shared/decimal'

/** The figures of one e-Steuerauszug as the expert's page and the dossier show them (decimal strings, CHF). */
export interface StatementRow {
  fileId: string
  version: number
  fileName: string
  institution: string
  clientNumber: string
  taxValue: string
  grossRevenueA: string
  grossRevenueB: string
  withholdingTaxClaim: string
}

type Totals = Pick<StatementRow, 'taxValue' | 'grossRevenueA' | 'grossRevenueB' | 'withholdingTaxClaim'>

const text = (v: unknown) => (typeof v === 'string' ? v : '')
const amount = (v: unknown) => (isDecimal(v) ? v : '0')

/**
 * The year's e-Steuerauszüge, one row per current document whose barcodes were read (recognition keeps the
 * statement with the version it read), and their sums: what goes into the tax return's list of securities and
 * accounts.
 */
export async function yearStatements(ctx: AppContext, userId: number, taxYear: number) {
  const versions = await currentVersionsOfYear(ctx, userId, taxYear)
  const read = await recognisedFields(
    ctx,
    versions.map((v) => v.versionId),
  )
  const rows: StatementRow[] = []
  for (const v of versions) {
    const statement = read.get(v.versionId)?.fields.statement as
      | { institution?: unknown; clientNumber?: unknown; totals?: Record<string, unknown> }
      | undefined
    if (!statement || typeof statement !== 'object') continue
    const totals = statement.totals ?? {}
    rows.push({
      fileId: v.fileId,
      version: v.version,
      fileName: v.originalName,
      institution: text(statement.institution),
      clientNumber: text(statement.clientNumber),
      taxValue: amount(totals.taxValue),
      grossRevenueA: amount(totals.grossRevenueA),
      grossRevenueB: amount(totals.grossRevenueB),
      withholdingTaxClaim: amount(totals.withholdingTaxClaim),
    })
  }
  const sum = (k: keyof Totals) => addDecimals(rows.map((r) => r[k]))
  const totals: Totals = {
    taxValue: sum('taxValue'),
    grossRevenueA: sum('grossRevenueA'),
    grossRevenueB: sum('grossRevenueB'),
    withholdingTaxClaim: sum('withholdingTaxClaim'),
  }
  return { rows, totals }
}
