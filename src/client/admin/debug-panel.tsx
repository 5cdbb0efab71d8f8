import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { messageOf } from '../api/client'
import { toast } from '../ui/toast'
import { TAX_STATUSES } from '../../shared/tax-status'
import { offeredTaxYears } from '../../shared/tax-years'
import { type DbStatus, dbStatusQuery, setOwnStatus, setTaxProfileFlag, taxProfileStatusQuery } from './admin-api'
import { useQuery } from '@tanstack/react-query'

const failed = (title: string) => (err: unknown) =>
  toast({ title, description: messageOf(err, ''), variant: 'destructive' })

/**
 * The debug panel of spec part 1 §6 for experts: database status every 10 s, the tax
 * status every 5 s, the tax-profile-complete toggle, a status and year setter, and
 * (development only, the server has no such route in production) the column fix.
 */
export function AdminDebugPanel() {
  const { t } = useTranslation('admin')
  const db = useQuery(dbStatusQuery)
  const tax = useQuery(taxProfileStatusQuery)
  const reloadDb = () => void db.refetch()
  const reloadTax = () => void tax.refetch()

  const toggle = () =>
    setTaxProfileFlag(!tax.data?.isTaxProfileComplete).then(reloadTax, failed(t('debug.update_failed')))
  // A development-only route (mounted in dev mode only, so not in the typed App); its answer is not read.
  const fixColumn = () =>
    fetch('/api/debug/fix-column', { method: 'POST', credentials: 'same-origin' })
      .then((r) => (r.ok ? r : Promise.reject(new Error(String(r.status)))))
      .then(reloadDb, failed(t('debug.fix_failed')))

  return (
    <section aria-labelledby="debug-heading" className="debug-card">
      <h2 id="debug-heading">{t('debug.heading')}</h2>
      {db.error !== null && (
        <p role="alert" className="error">
          {t('debug.check_failed')}
        </p>
      )}
      {db.data && <DatabaseFacts data={db.data} />}
      {tax.data && (
        <p>
          {t('debug.tax_status', {
            year: tax.data.taxYear,
            status: t(`home:status.name.${tax.data.taxStatus}`),
            complete: tax.data.isTaxProfileComplete ? t('yes') : t('no'),
          })}
        </p>
      )}
      <div className="control-row">
        <button type="button" className="outline" onClick={reloadDb}>
          {t('debug.refresh')}
        </button>
        <button type="button" className="outline" onClick={toggle}>
          {t('debug.toggle')}
        </button>
        {process.env.NODE_ENV === 'development' && (
          <button type="button" className="outline" onClick={fixColumn}>
            {t('debug.fix')}
          </button>
        )}
      </div>
      <StatusSetter onSet={reloadTax} />
    </section>
  )
}

/** What the database check found: the column, the users, the completed profiles, the newest user. */
function DatabaseFacts({ data }: { data: DbStatus }) {
  const { t, i18n } = useTranslation('admin')
  return (
    <dl className="facts">
      <div>
        <dt>{t('debug.column')}</dt>
        <dd>
          {data.hasTaxProfileColumn ? t('yes') : t('no')} ({t('debug.columns', { count: data.columns.length })})
        </dd>
      </div>
      <div>
        <dt>{t('debug.users')}</dt>
        <dd>{data.userCount}</dd>
      </div>
      <div>
        <dt>{t('debug.completed')}</dt>
        <dd>
          {data.taxCompletedCount} ({data.completionRate}%)
        </dd>
      </div>
      <div>
        <dt>{t('debug.newest')}</dt>
        <dd>{data.newestUser ? `${data.newestUser.id} · ${data.newestUser.email}` : '—'}</dd>
      </div>
      <div>
        <dt>{t('debug.checked')}</dt>
        <dd>{new Date(data.lastChecked).toLocaleTimeString(i18n.language)}</dd>
      </div>
    </dl>
  )
}

/** Sets the expert's own status for a year (the spec's status and year setter). */
function StatusSetter({ onSet }: { onSet: () => void }) {
  const { t } = useTranslation('admin')
  const years = offeredTaxYears()
  const [status, setStatus] = useState('')
  const [year, setYear] = useState(years[0]!)
  const applyStatus = () => {
    if (!status) return toast({ title: t('status.select_required'), variant: 'destructive' })
    setOwnStatus(Number(status), year).then(onSet, failed(t('debug.update_failed')))
  }
  return (
    <div className="control-row">
      <label>
        {t('debug.status')}
        <select value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">{t('status.select_placeholder')}</option>
          {TAX_STATUSES.map((s) => (
            <option key={s.id} value={s.id}>
              {s.id} · {t(`home:status.name.${s.name}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('clients.year')}
        <select value={year} onChange={(e) => setYear(Number(e.target.value))}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={applyStatus}>
        {t('debug.set_status')}
      </button>
    </div>
  )
}
