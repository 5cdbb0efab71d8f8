import { useTranslation } from 'react-i18next'

/** The full-screen 'Please Wait' overlay (spec part 1 §2). */
export function LoadingOverlay({ message }: { message?: string }) {
  const { t, ready } = useTranslation('common', { useSuspense: false })
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      {ready && <strong>{t('loading.title')}</strong>}
      {ready && <p>{message ?? t('loading.default')}</p>}
    </div>
  )
}
