import { useTranslation } from 'react-i18next'
import { TAX_STATUSES, TRACKER_PERCENT } from '../../shared/tax-status'

/** The six statuses with their share of the way, the current one marked (the client page and the status demo). */
export function StatusTracker({ current, details = true }: { current: number; details?: boolean }) {
  const { t } = useTranslation('admin')
  return (
    <ol className="status-tracker">
      {TAX_STATUSES.map((s) => (
        <li
          key={s.id}
          aria-current={s.id === current ? 'step' : undefined}
          className={s.id <= current ? 'reached' : undefined}
        >
          <span className="tracker-percent">
            {s.id < current && <span aria-hidden="true">✓ </span>}
            {TRACKER_PERCENT[s.id]}%
          </span>
          <span>{t(`home:status.name.${s.name}`)}</span>
          {details && <small className="muted">{t(`status.tracker.${s.name}`)}</small>}
        </li>
      ))}
    </ol>
  )
}
