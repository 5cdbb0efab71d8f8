import { useTranslation } from 'react-i18next'
import { TAX_STATUSES } from '../../shared/tax-status'
import type { DisplayStatus, ExpertNote } from './status-display'
import { formatDateTime } from '../ui/dates'

/**
 * 'Tax Status for {year}', the six-step progress bar with its labels, the status
 * message and the next-step guidance (spec part 1 §4); the expert's note on this status, when they wrote one.
 */
export function StatusCard({ year, status, note }: { year: number; status: DisplayStatus; note?: ExpertNote | null }) {
  const { t, i18n } = useTranslation('home')
  return (
    <section className="status-card" aria-labelledby="status-heading">
      <h1 id="status-heading" className="status-heading">
        {t('status.heading', { year })}
      </h1>
      <p className="status-name">
        <strong data-status={status.name}>{t(`status.name.${status.name}`)}</strong>
        {status.id === 6 && <span className="badge done-badge">{t('status.done')}</span>}
      </p>
      <div
        className="progress-track"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(status.percent)}
        aria-label={t('status.progress_label', { step: status.id })}
      >
        <div className="progress-fill" style={{ width: `${status.percent}%` }} />
      </div>
      <ol className="progress-steps">
        {TAX_STATUSES.map((s) => (
          <li
            key={s.id}
            className={s.id < status.id ? 'step done' : s.id === status.id ? 'step current' : 'step'}
            aria-current={s.id === status.id ? 'step' : undefined}
          >
            <span className="step-dot" aria-hidden="true">
              {s.id}
            </span>
            <span className="step-label">{t(`status.label.${s.name}`)}</span>
          </li>
        ))}
      </ol>
      <p className="status-message">{t(`status.message.${status.name}`)}</p>
      {/* Good news (transmitted and after) is not an alarm: the next-step line is red-free, and green once
          nothing is left to do. */}
      <p className={status.id >= 4 ? 'next-step next-step-done' : 'next-step'}>{t(`status.next.${status.name}`)}</p>
      {note && (
        <aside className="expert-note" aria-labelledby="expert-note-title">
          <strong id="expert-note-title">{t('status.expert_note')}</strong>
          <p>{note.text}</p>
          <small className="muted">{formatDateTime(note.at, i18n.resolvedLanguage ?? 'en')}</small>
        </aside>
      )}
    </section>
  )
}
