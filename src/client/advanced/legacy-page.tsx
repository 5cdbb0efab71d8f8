import { useState } from 'react'
import { useAtomValue } from 'jotai'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { PageShell } from '../pages/page-shell'
import { LoadingOverlay } from '../ui/loading-overlay'
import { messageOf } from '../api/client'
import { useAdvanced } from '../api/advanced'
import { selectedTaxYearAtom } from '../home/year-atom'
import { dateFormat } from '../ui/dates'
import { AdvancedYearSelect } from './year-select'

/**
 * /advanced-tax-info-legacy: the year's advanced information on one long page without tabs,
 * a summary to print or keep (the older screen's layout, with the server's data).
 */
export default function AdvancedLegacyPage() {
  const { t } = useTranslation('advanced')
  const [taxYear, setTaxYear] = useState(useAtomValue(selectedTaxYearAtom))
  const { data: info, isPending, isError, error } = useAdvanced(taxYear)
  return (
    <PageShell>
      <div className="advanced-head">
        <h1>{t('legacy.title', { year: taxYear })}</h1>
        <div className="no-print action-row">
          <AdvancedYearSelect value={taxYear} onChange={setTaxYear} />
          <button type="button" className="secondary" onClick={() => window.print()}>
            {t('legacy.print')}
          </button>
        </div>
      </div>
      {isPending && <LoadingOverlay />}
      {isError && (
        <p role="alert" className="form-error">
          {messageOf(error, t('page.load_failed'))}
        </p>
      )}
      {info && <LegacySummary info={info} />}
    </PageShell>
  )
}

type Info = NonNullable<ReturnType<typeof useAdvanced>['data']>

/** Yes or no, and a date, as the summary writes them. */
const words = (t: TFunction, language: string) => ({
  yes: (v: boolean) => (v ? t('legacy.yes') : t('legacy.no')),
  date: (iso: string) => dateFormat(language, { dateStyle: 'medium' }).format(new Date(iso)),
})

function LegacySummary({ info }: { info: Info }) {
  const { t, i18n } = useTranslation('advanced')
  const { yes, date } = words(t, i18n.language)
  return (
    <div className="legacy-summary">
      <p>
        {info.completed && info.completedAt
          ? t('legacy.completed_on', { date: date(info.completedAt) })
          : t('legacy.not_completed')}
      </p>

      <h2>{t('legacy.sections')}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('legacy.section')}</th>
            <th scope="col">{t('legacy.enabled')}</th>
            <th scope="col">{t('legacy.files')}</th>
          </tr>
        </thead>
        <tbody>
          {info.sections.map((s) => (
            <tr key={s.id}>
              <th scope="row">{t(`sections.${s.id}.title`)}</th>
              <td>{yes(s.enabled)}</td>
              <td>{s.fileCount}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <SpouseSummary info={info} />
      <ChildrenSummary info={info} />
      <AuthorizationSummary info={info} />
      <h2>{t('legacy.cards')}</h2>
      <ul>
        {info.taxCards.cards
          .filter((c) => c.isEnabled)
          .map((c) => (
            <li key={c.id}>{t(`cards.${c.id}.title`)}</li>
          ))}
      </ul>
    </div>
  )
}

/** The spouse's fields. */
function SpouseSummary({ info }: { info: Info }) {
  const { t } = useTranslation('advanced')
  return (
    <>
      <h2>{t('tabs.spouse')}</h2>
      {info.spouse ? (
        <dl className="legacy-list">
          <dt>{t('spouse.first_name')}</dt>
          <dd>{info.spouse.firstName}</dd>
          <dt>{t('spouse.last_name')}</dt>
          <dd>{info.spouse.lastName}</dd>
          <dt>{t('spouse.age')}</dt>
          <dd>{info.spouse.age ?? '–'}</dd>
          <dt>{t('spouse.occupation')}</dt>
          <dd>{info.spouse.occupation || '–'}</dd>
          <dt>{t('spouse.ahv')}</dt>
          <dd>{info.spouse.ahvNumber || '–'}</dd>
          <dt>{t('spouse.tax_id')}</dt>
          <dd>{info.spouse.taxId || '–'}</dd>
        </dl>
      ) : (
        <p className="muted">{t('legacy.none')}</p>
      )}
    </>
  )
}

/** One row per child. */
function ChildrenSummary({ info }: { info: Info }) {
  const { t, i18n } = useTranslation('advanced')
  const { yes, date } = words(t, i18n.language)
  return (
    <>
      <h2>{t('tabs.children')}</h2>
      {info.children.length ? (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('legacy.name')}</th>
              <th scope="col">{t('children.birth_date')}</th>
              <th scope="col">{t('children.disability')}</th>
              <th scope="col">{t('children.alimony')}</th>
              <th scope="col">{t('children.schooling')}</th>
            </tr>
          </thead>
          <tbody>
            {info.children.map((c) => (
              <tr key={`${c.firstName} ${c.lastName} ${c.birthDate}`}>
                <th scope="row">
                  {c.firstName} {c.lastName}
                </th>
                <td>{date(c.birthDate)}</td>
                <td>{yes(c.disability)}</td>
                <td>{c.alimony.toFixed(2)}</td>
                <td>{c.schoolingInfo || '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">{t('legacy.none')}</p>
      )}
    </>
  )
}

/** The tax address, the power of attorney, the canton and tax ID. */
function AuthorizationSummary({ info }: { info: Info }) {
  const { t, i18n } = useTranslation('advanced')
  const { yes, date } = words(t, i18n.language)
  return (
    <>
      <h2>{t('tabs.authorization')}</h2>
      {info.authorization ? (
        <dl className="legacy-list">
          <dt>{t('authorization.tax_address_toggle')}</dt>
          <dd>{yes(info.authorization.taxAddressEnabled)}</dd>
          <dt>{t('authorization.poa_toggle')}</dt>
          <dd>{yes(info.authorization.powerOfAttorneyEnabled)}</dd>
          <dt>{t('authorization.canton')}</dt>
          <dd>{info.authorization.canton || '–'}</dd>
          <dt>{t('authorization.tin')}</dt>
          <dd>{info.authorization.tinNumber || '–'}</dd>
          <dt>{t('authorization.accept')}</dt>
          <dd>
            {info.authorization.powerOfAttorneyAcceptedAt
              ? t('authorization.accepted_at', { date: date(info.authorization.powerOfAttorneyAcceptedAt) })
              : t('legacy.no')}
          </dd>
        </dl>
      ) : (
        <p className="muted">{t('legacy.none')}</p>
      )}
    </>
  )
}
