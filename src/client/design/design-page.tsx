import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageShell } from '../pages/page-shell'
import { YesNo } from '../wizard/controls'

// The colour roles of styles/tokens.css, shown as swatches with their text pair.
const SWATCHES = [
  ['--color-primary', '#fff'],
  ['--color-danger', '#fff'],
  ['--c-slate-700', '#fff'],
  ['--color-text', '#fff'],
  ['--color-success-bg', 'var(--color-success)'],
  ['--color-error-bg', 'var(--color-error)'],
  ['--color-warning-bg', 'var(--color-warning)'],
  ['--color-info-bg', 'var(--color-info)'],
  ['--color-selected-bg', 'var(--color-selected)'],
  ['--color-surface-sunken', 'var(--color-text-muted)'],
] as const
const TYPE = ['--text-3xl', '--text-2xl', '--text-xl', '--text-lg', '--text-base', '--text-sm', '--text-xs'] as const
const SPACES = ['--space-1', '--space-2', '--space-3', '--space-4', '--space-6', '--space-8', '--space-12'] as const

/**
 * /design, in development builds only (the route is not compiled into production): every
 * shared component of the design system in its states, drawn from the real CSS and texts.
 */
export default function DesignPage() {
  const { t } = useTranslation(['common', 'login', 'home', 'documents', 'wizard'])
  // A chosen answer has one look, the wizard's (a radio in a tinted box), shown here with its real control.
  const [chosen, setChosen] = useState<unknown>(true)
  return (
    <PageShell>
      <div className="design-page">
        <h1>{t('pages.design')}</h1>
        <DesignTokens />
        <section aria-labelledby="design-buttons">
          <h2 id="design-buttons">{t('design.buttons')}</h2>
          <div className="design-row">
            <button type="button" className="primary">
              {t('login:send_code')}
            </button>
            <button type="button">{t('home:transmit.confirm_cancel')}</button>
            <button type="button" className="quiet">
              {t('login:new_code')}
            </button>
            <button type="button" className="danger">
              {t('documents:history.delete')}
            </button>
            <button type="button" className="primary" disabled>
              {t('login:verify')}
            </button>
          </div>
        </section>
        <section aria-labelledby="design-choices">
          <h2 id="design-choices">{t('design.choices')}</h2>
          <YesNo label={t('wizard:questions.pillar3a')} value={chosen} onChange={setChosen} />
        </section>
        <DesignFeedback />
      </div>
    </PageShell>
  )
}

function DesignTokens() {
  const { t } = useTranslation(['common', 'login', 'home', 'documents', 'wizard'])
  return (
    <>
      <section aria-labelledby="design-colours">
        <h2 id="design-colours">{t('design.colours')}</h2>
        <ul className="design-swatches">
          {SWATCHES.map(([bg, fg]) => (
            <li key={bg} style={{ background: `var(${bg})`, color: fg }}>
              <code>{bg}</code>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="design-type">
        <h2 id="design-type">{t('design.type')}</h2>
        {TYPE.map((size) => (
          <p key={size} style={{ fontSize: `var(${size})`, margin: 0 }}>
            <code>{size}</code> {t('app_name')}
          </p>
        ))}
      </section>
      <section aria-labelledby="design-spacing">
        <h2 id="design-spacing">{t('design.spacing')}</h2>
        {SPACES.map((s) => (
          <div key={s} className="design-space">
            <span style={{ width: `var(${s})` }} />
            <code>{s}</code>
          </div>
        ))}
      </section>
    </>
  )
}

function DesignFeedback() {
  const { t } = useTranslation(['common', 'login', 'home', 'documents', 'wizard'])
  return (
    <section aria-labelledby="design-feedback">
      <h2 id="design-feedback">{t('design.feedback')}</h2>
      <p className="design-row">
        <span className="badge">{t('home:status.name.documents_pending')}</span>
        <span className="badge badge-success">{t('home:status.name.completed')}</span>
        <span className="badge badge-warning">{t('home:status.name.review_required')}</span>
        <span className="badge badge-danger">{t('documents:upload.failed_title')}</span>
        <span className="badge badge-info">{t('home:status.name.processing')}</span>
      </p>
      <div className="notice">
        <strong>{t('home:status.name.processing')}</strong>
        <p>{t('home:status.message.processing')}</p>
      </div>
      <div className="notice notice-success">
        <strong>{t('home:status.name.completed')}</strong>
        <p>{t('home:status.message.completed')}</p>
      </div>
      <div className="notice notice-error">
        <strong>{t('documents:upload.failed_title')}</strong>
        <p>{t('documents:upload.failed_text')}</p>
      </div>
      <ol className="design-toasts">
        <li className="toast">
          <div>
            <strong className="toast-title">{t('login:toast.code_processing')}</strong>
            <p className="toast-description">{t('login:toast.code_processing_text')}</p>
          </div>
        </li>
        <li className="toast toast-success">
          <div>
            <strong className="toast-title">{t('documents:upload.success_title')}</strong>
            <p className="toast-description">{t('home:transmit.enabled_text')}</p>
          </div>
        </li>
        <li className="toast toast-destructive">
          <div>
            <strong className="toast-title">{t('login:toast.verification_failed')}</strong>
            <p className="toast-description">{t('login:errors.invalid_code')}</p>
          </div>
        </li>
      </ol>
      <div className="empty-state">
        <strong>{t('documents:history.empty_title')}</strong>
        {t('documents:history.empty_year', { year: 2025 })}
      </div>
      <div className="card">{t('home:status.message.documents_submitted')}</div>
    </section>
  )
}
