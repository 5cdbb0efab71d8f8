import { useTranslation } from 'react-i18next'
import { formatDecimal } from '../../shared/decimal'
import { toCents, type EStatementSummary } from '../../shared/recognition/e-statement'
import { intlLocale } from '../ui/dates'

/**
 * An e-Steuerauszug's figures on its file (docs/recognition.md): what the bank's barcodes said, in the
 * person's own way of writing numbers, to the cent. The amounts are exact decimal strings from the server.
 */
export function StatementFigures({ statement }: { statement: EStatementSummary }) {
  const { t, i18n } = useTranslation('documents')
  const money = (v: string) => formatDecimal(toCents(v), intlLocale(i18n.language))
  return (
    <p className="file-statement" data-testid="file-statement">
      <strong>{t('statement.label')}</strong>{' '}
      {t('statement.summary', {
        institution: statement.institution,
        year: statement.taxPeriod,
        taxValue: money(statement.taxValue),
        grossRevenue: money(statement.grossRevenue),
        withholdingTax: money(statement.withholdingTaxClaim),
      })}
    </p>
  )
}
