import { useTranslation } from 'react-i18next'
import { intlLocale } from '../ui/dates'
import { formatDecimal } from '../../shared/decimal'
import type { ClientDetail } from './admin-api'

/**
 * The year's e-Steuerauszüge at a glance: one row per statement (institution, client number, tax value, gross
 * revenue A and B, withholding-tax claim) and their sums, i.e. the tax return's list of securities and accounts;
 * and the dossier of the whole year as one PDF.
 */
export function StatementsCard({ data, userId }: { data: ClientDetail; userId: number }) {
  const { t } = useTranslation('admin')
  const { rows } = data.statements
  return (
    // Not a region itself: the table's scroll box is the one region its heading names (axe landmark-unique).
    <section className="statements-card">
      <h2 id="statements-heading">{t('dossier.statements')}</h2>
      {rows.length === 0 ? (
        <p className="muted">{t('dossier.no_statements')}</p>
      ) : (
        <StatementsTable statements={data.statements} />
      )}
      <p>
        <a
          role="button"
          className="secondary"
          href={`/api/admin/users/${userId}/dossier?taxYear=${data.taxYear}`}
          download
          data-dossier
        >
          {t('dossier.button')}
        </a>
      </p>
      <p className="muted">{t('dossier.button_hint', { year: data.taxYear })}</p>
    </section>
  )
}

/** One row per statement and their sums, each with its XML to download. */
function StatementsTable({ statements }: { statements: ClientDetail['statements'] }) {
  const { t, i18n } = useTranslation('admin')
  const money = (v: string) => formatDecimal(v, intlLocale(i18n.language))
  const { rows, totals } = statements
  return (
    // A region that scrolls sideways on a phone must take the keyboard's focus to be scrolled (axe).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
    <div className="table-scroll" role="region" aria-labelledby="statements-heading" tabIndex={0}>
      <table className="statements">
        <thead>
          <tr>
            <th scope="col">{t('dossier.institution')}</th>
            <th scope="col">{t('dossier.client_number')}</th>
            <th scope="col" className="amount">
              {t('dossier.tax_value')}
            </th>
            <th scope="col" className="amount">
              {t('dossier.gross_a')}
            </th>
            <th scope="col" className="amount">
              {t('dossier.gross_b')}
            </th>
            <th scope="col" className="amount">
              {t('dossier.withholding_claim')}
            </th>
            <th scope="col">{t('dossier.xml')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.fileId}-${r.version}`} data-statement={r.fileId}>
              <th scope="row">{r.institution || r.fileName}</th>
              <td>{r.clientNumber}</td>
              <td className="amount">{money(r.taxValue)}</td>
              <td className="amount">{money(r.grossRevenueA)}</td>
              <td className="amount">{money(r.grossRevenueB)}</td>
              <td className="amount">{money(r.withholdingTaxClaim)}</td>
              <td>
                <a
                  href={`/api/files/${r.fileId}/statement.xml?version=${r.version}`}
                  download
                  aria-label={t('dossier.xml_of', { name: r.institution || r.fileName })}
                >
                  {t('dossier.xml_link')}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-statement-totals>
            <th scope="row" colSpan={2}>
              {t('dossier.total')}
            </th>
            <td className="amount">{money(totals.taxValue)}</td>
            <td className="amount">{money(totals.grossRevenueA)}</td>
            <td className="amount">{money(totals.grossRevenueB)}</td>
            <td className="amount">{money(totals.withholdingTaxClaim)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
