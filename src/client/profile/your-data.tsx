import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { ApiRequestError, api, call } from '../api/client'
import { forgetSession } from '../api/session'
import { Dialog } from '../ui/dialog'
import { toast } from '../ui/toast'

const fetchSessions = () => call(api.auth.sessions.get())
const fetchStorage = () => call(api.user.storage.get())
type SessionRow = Awaited<ReturnType<typeof fetchSessions>>['sessions'][number]
type Storage = Awaited<ReturnType<typeof fetchStorage>>

const megabytes = (bytes: number, language: string) =>
  new Intl.NumberFormat(language === 'gsw' ? 'de-CH' : language, { maximumFractionDigits: 1 }).format(
    bytes / 1024 / 1024,
  )

const localeOf = (language: string) => (language === 'gsw' ? 'de-CH' : language)

/**
 * The person's rights over their data (issue 13), on the profile: storage used
 * against the quota, where they are signed in (end one, or all others), the
 * export of everything as one ZIP, and deleting the account after a screen that
 * names what will be lost and offers the export first.
 */
export function YourData({ email }: { email: string }) {
  const { t } = useTranslation('profile')
  return (
    <article className="profile-card your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title">{t('your_data.title')}</h2>
      <StorageUsed />
      <Sessions />
      <section aria-labelledby="export-title">
        <h3 id="export-title">{t('your_data.export.title')}</h3>
        <p>{t('your_data.export.text')}</p>
        <a className="button-link secondary" href="/api/user/export" download>
          {t('your_data.export.button')}
        </a>
      </section>
      <DeleteAccount email={email} />
    </article>
  )
}

/** Storage used against the quota, and what deleted files still hold until they are purged. */
function StorageUsed() {
  const { t, i18n } = useTranslation('profile')
  const [storage, setStorage] = useState<Storage | null>(null)
  useEffect(() => {
    fetchStorage().then(setStorage, () => {
      /* a lost session is handled by the session watch */
    })
  }, [])
  if (!storage) return null
  const mb = (bytes: number) => megabytes(bytes, i18n.language)
  return (
    <section aria-labelledby="storage-title">
      <h3 id="storage-title">{t('your_data.storage.title')}</h3>
      <label htmlFor="storage-meter">
        {t('your_data.storage.used', { used: mb(storage.usedBytes), quota: mb(storage.quotaBytes) })}
      </label>
      <progress id="storage-meter" max={storage.quotaBytes} value={storage.usedBytes} />
      {storage.deletedBytes > 0 && storage.nextFreedAt && (
        <p className="muted" data-storage-kept>
          {t('your_data.storage.kept', {
            deleted: mb(storage.deletedBytes),
            date: new Date(storage.nextFreedAt).toLocaleDateString(localeOf(i18n.language), { dateStyle: 'long' }),
          })}
        </p>
      )}
    </section>
  )
}

/** Where the person is signed in: end one session, or all others. */
function Sessions() {
  const { t, i18n } = useTranslation('profile')
  const [sessions, setSessions] = useState<SessionRow[]>([])
  const load = useCallback(async () => {
    try {
      setSessions((await fetchSessions()).sessions)
    } catch {
      /* a lost session is handled by the session watch */
    }
  }, [])
  useEffect(() => {
    void load()
  }, [load])

  const end = async (request: () => Promise<unknown>) => {
    try {
      await request()
      toast({ title: t('your_data.sessions.ended'), variant: 'success' })
    } catch {
      toast({ title: t('your_data.sessions.failed'), variant: 'destructive' })
    }
    await load()
  }
  const when = (iso: string) =>
    new Date(iso).toLocaleString(localeOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' })

  return (
    <section aria-labelledby="sessions-title">
      <h3 id="sessions-title">{t('your_data.sessions.title')}</h3>
      <ul className="session-list">
        {sessions.map((s) => (
          <li key={s.id} data-session={s.id}>
            <span>
              <strong>
                {s.browser || t('your_data.sessions.unknown_browser')}
                {s.os ? ` · ${s.os}` : ''}
              </strong>
              {s.current && <mark className="badge">{t('your_data.sessions.this_one')}</mark>}
              <br />
              <small className="muted">
                {t('your_data.sessions.detail', { ip: s.ip ?? '–', when: when(s.lastUsedAt) })}
              </small>
            </span>
            {!s.current && (
              <button
                type="button"
                className="outline secondary"
                onClick={() => void end(() => call(api.auth.sessions({ id: s.id }).delete()))}
              >
                {t('your_data.sessions.end')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {sessions.length > 1 && (
        <button
          type="button"
          className="outline"
          onClick={() => void end(() => call(api.auth.sessions['end-others'].post()))}
        >
          {t('your_data.sessions.end_others')}
        </button>
      )}
    </section>
  )
}

/** Deleting the account: a screen names what will be lost, offers the export first, and asks for the e-mail. */
function DeleteAccount({ email }: { email: string }) {
  const { t } = useTranslation('profile')
  const [, navigate] = useLocation()
  const [confirming, setConfirming] = useState(false)
  const [typed, setTyped] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  const remove = async () => {
    setBusy(true)
    setError('')
    try {
      await call(api.user.delete({ confirmEmail: typed }))
      forgetSession()
      navigate('/login')
      toast({ title: t('your_data.delete.done'), variant: 'success' })
    } catch (err) {
      const code = err instanceof ApiRequestError ? err.code : undefined
      setError(
        t(`your_data.delete.errors.${code === 'CONFIRM_EMAIL_MISMATCH' || code === 'LAST_ADMIN' ? code : 'other'}`),
      )
    } finally {
      setBusy(false)
    }
  }

  const footer = (
    <>
      <button type="button" className="secondary" onClick={() => setConfirming(false)}>
        {t('your_data.delete.cancel')}
      </button>
      <button
        type="button"
        className="danger"
        aria-busy={busy}
        disabled={busy || typed.trim() === ''}
        onClick={() => void remove()}
      >
        {t('your_data.delete.confirm')}
      </button>
    </>
  )
  return (
    <section aria-labelledby="delete-title">
      <h3 id="delete-title">{t('your_data.delete.title')}</h3>
      <p>{t('your_data.delete.text')}</p>
      <button
        type="button"
        className="danger"
        onClick={() => {
          setTyped('')
          setError('')
          setConfirming(true)
        }}
      >
        {t('your_data.delete.button')}
      </button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('your_data.delete.confirm_title')}
        labelledBy="delete-account-title"
        footer={footer}
      >
        <ConfirmDeletion email={email} typed={typed} error={error} onType={setTyped} />
      </Dialog>
    </section>
  )
}

/** What deleting loses, the export offered first, and the e-mail to type. */
function ConfirmDeletion({
  email,
  typed,
  error,
  onType,
}: {
  email: string
  typed: string
  error: string
  onType: (typed: string) => void
}) {
  const { t } = useTranslation('profile')
  return (
    <>
      <p>{t('your_data.delete.lost_intro')}</p>
      <ul>
        {(['profile', 'documents', 'declarations', 'messages', 'sessions'] as const).map((k) => (
          <li key={k}>{t(`your_data.delete.lost.${k}`)}</li>
        ))}
      </ul>
      <p>
        {t('your_data.delete.export_first')}{' '}
        <a href="/api/user/export" download>
          {t('your_data.export.button')}
        </a>
      </p>
      <label htmlFor="confirm-email">{t('your_data.delete.type_email', { email })}</label>
      <input
        id="confirm-email"
        type="email"
        autoComplete="off"
        value={typed}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'confirm-email-error' : undefined}
        onChange={(e) => onType(e.target.value)}
      />
      {error && (
        <small id="confirm-email-error" className="form-error" role="alert">
          {error}
        </small>
      )}
    </>
  )
}
