import { useState } from 'react'
import { dateFormat, formatDateTime } from '../ui/dates'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { messageOf } from '../api/client'
import { toast } from '../ui/toast'
import { fetchSystem, resetClient, systemQuery, type SystemInfo } from './admin-api'
import { useQuery } from '@tanstack/react-query'
import { AdminDebugPanel } from './debug-panel'

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/**
 * The system card (spec part 2 §2) in words and the reset-by-id card. The development tools (the debug panel, the
 * migrations by name, the Tax Card Demo link) are there only when the server runs in development mode, folded away
 * behind their own heading (issue 25: prototype leftovers in production).
 */
export function SystemView() {
  const { t } = useTranslation('admin')
  const { data, error } = useQuery(systemQuery)
  return (
    <>
      <section aria-labelledby="system-heading">
        <h2 id="system-heading">{t('system.heading')}</h2>
        {error !== null && (
          <p role="alert" className="error">
            {messageOf(error, t('errors.load_failed'))}
          </p>
        )}
        {data && <SystemFacts data={data} />}
      </section>
      <ResetByIdCard />
      {data?.environment === 'development' && (
        <details className="dev-tools">
          <summary>{t('system.dev_tools')}</summary>
          <p>
            <Link href="/tax-card-demo">{t('system.tax_card_demo')}</Link>
          </p>
          <p>
            {t('system.migration_names')}: <code>{data.migrations.map((m) => m.tag).join(', ')}</code>
          </p>
          <AdminDebugPanel />
        </details>
      )}
    </>
  )
}

/** The spec's Reset User Profile card: a numeric user id and 'Reset to First-Time Login'. */
function ResetByIdCard() {
  const { t } = useTranslation('admin')
  const [id, setId] = useState('')
  const submit = async () => {
    if (!/^\d+$/.test(id.trim()) || Number(id) === 0) {
      return toast({ title: t('reset.invalid_title'), description: t('reset.invalid_text'), variant: 'destructive' })
    }
    if (!window.confirm(t('reset.confirm_text'))) return
    try {
      await resetClient(Number(id))
      toast({ title: t('reset.done'), variant: 'success' })
      setId('')
    } catch (err) {
      toast({ title: t('reset.failed'), description: messageOf(err, t('reset.failed_text')), variant: 'destructive' })
    }
  }
  return (
    <section aria-labelledby="reset-id-heading">
      <h2 id="reset-id-heading">{t('reset.card_heading')}</h2>
      <form
        className="control-row"
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        <label>
          {t('reset.user_id')}
          <input inputMode="numeric" value={id} onChange={(e) => setId(e.target.value)} />
        </label>
        <button type="submit" className="secondary">
          {t('reset.button')}
        </button>
      </form>
    </section>
  )
}

/** The system in words: version, uptime, storage, users, mail, schema, and the integrity check on demand. */
function SystemFacts({ data }: { data: SystemInfo }) {
  const { t, i18n } = useTranslation('admin')
  const latestMigration = data.migrations.reduce((at, m) => Math.max(at, m.appliedAt), 0)
  return (
    <dl className="facts">
      <div>
        <dt>{t('system.environment')}</dt>
        <dd>{t(`system.env_${data.environment}`)}</dd>
      </div>
      <div>
        <dt>{t('system.version')}</dt>
        <dd>{data.version}</dd>
      </div>
      <div>
        <dt>{t('system.build_date')}</dt>
        <dd>{data.buildDate ? formatDateTime(data.buildDate, i18n.resolvedLanguage ?? 'en') : '—'}</dd>
      </div>
      <div>
        <dt>{t('system.uptime')}</dt>
        <dd>
          {t('system.uptime_value', {
            hours: Math.floor(data.uptimeSeconds / 3600),
            minutes: Math.floor((data.uptimeSeconds % 3600) / 60),
          })}
        </dd>
      </div>
      <div>
        <dt>{t('system.database')}</dt>
        <dd>{mb(data.database.bytes)}</dd>
      </div>
      <div>
        <dt>{t('system.files')}</dt>
        <dd>
          {t('system.files_value', {
            files: data.storedFiles,
            versions: data.storedVersions,
            size: mb(data.storedBytes),
          })}
        </dd>
      </div>
      <div>
        <dt>{t('system.users')}</dt>
        <dd>{t('system.users_value', { clients: data.clients, admins: data.admins })}</dd>
      </div>
      <div>
        <dt>{t('system.mail')}</dt>
        <dd>
          {t(data.mail.configured ? 'system.mail_on' : 'system.mail_off', {
            pending: data.mail.pending,
            failing: data.mail.failing,
            sent: data.mail.sent,
          })}
        </dd>
      </div>
      <div>
        <dt>{t('system.schema')}</dt>
        <dd>
          {t('system.schema_value', {
            count: data.migrations.length,
            date: latestMigration
              ? dateFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' }).format(latestMigration)
              : '—',
          })}
        </dd>
      </div>
      <IntegrityCheck />
    </dl>
  )
}

/** The database's integrity, checked when the expert asks (it reads the whole file). */
function IntegrityCheck() {
  const { t } = useTranslation('admin')
  const [integrity, setIntegrity] = useState<SystemInfo['integrity']>(null)
  const check = async () => {
    try {
      setIntegrity((await fetchSystem(true)).integrity)
    } catch (err) {
      toast({ title: t('system.check_failed'), description: messageOf(err, ''), variant: 'destructive' })
    }
  }
  return (
    <div>
      <dt>{t('system.integrity')}</dt>
      <dd>
        {integrity ? (
          integrity.join(' ') === 'ok' ? (
            t('system.integrity_ok')
          ) : (
            t('system.integrity_problems', { problems: integrity.join('; ') })
          )
        ) : (
          <button type="button" className="outline" onClick={check}>
            {t('system.check')}
          </button>
        )}
      </dd>
    </div>
  )
}
