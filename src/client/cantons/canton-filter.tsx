import { useTranslation } from 'react-i18next'

/** The filter field above a canton grid: typing narrows the 26 cards (by name in any language or code). */
export function CantonFilter({
  id,
  value,
  onChange,
  empty,
}: {
  id: string
  value: string
  onChange: (v: string) => void
  empty: boolean
}) {
  const { t } = useTranslation('cantons')
  return (
    <div className="canton-filter">
      <label htmlFor={id}>{t('filter_label')}</label>
      <input id={id} type="search" autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
      {empty && (
        <p className="empty-state" role="status">
          {t('filter_none', { text: value })}
        </p>
      )}
    </div>
  )
}
