import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { retryConnection, UNREACHABLE_RETRY_MS } from '../api/offline'
import { offlineCacheTime } from '../api/persist'
import { formatDateTime } from './dates'

/**
 * Shown while there is no connection: what the person sees is the last data this browser kept
 * (api/persist.ts), nothing can be changed, and "Retry" asks the server again. When the browser believes it is
 * online (the server is what cannot be reached), the server is also asked again now and then by itself.
 */
export function OfflineBanner() {
  const { t, i18n } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [still, setStill] = useState(false)
  const savedAt = offlineCacheTime()
  useEffect(() => {
    const timer = setInterval(() => {
      if (navigator.onLine) void retryConnection()
    }, UNREACHABLE_RETRY_MS)
    return () => clearInterval(timer)
  }, [])
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
