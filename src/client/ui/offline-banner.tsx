import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { retryConnection } from '../api/offline'
import { offlineCacheTime } from '../api/persist'
import { formatDateTime } from './dates'

/**
 * Shown while there is no connection: what the person sees is the last data this browser kept
 * (api/persist.ts), nothing can be changed, and "Retry" asks the server again.
 */
export function OfflineBanner() {
  const { t, i18n } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [still, setStill] = useState(false)
  const savedAt = offlineCacheTime()
  const retry = async () => {
    setBusy(true)
    setStill(!(await retryConnection()))
    setBusy(false)
  }
  return (
    <section className="notice notice-warning offline-banner" role="status" aria-labelledby="offline-title">
      <strong id="offline-title">{t('offline.title')}</strong>
      <p>
        {savedAt
          ? t('offline.text_since', {
              time: formatDateTime(savedAt, i18n.resolvedLanguage ?? 'en'),
            })
          : t('offline.text')}
      </p>
      {still && <p>{t('offline.still')}</p>}
      <button type="button" className="secondary" aria-busy={busy} disabled={busy} onClick={() => void retry()}>
        {t('offline.retry')}
      </button>
    </section>
  )
}
