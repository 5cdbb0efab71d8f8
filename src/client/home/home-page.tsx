import { useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { PageShell } from '../pages/page-shell'
import { LoadingOverlay } from '../ui/loading-overlay'
import { toast } from '../ui/toast'
import { isUnauthorized } from '../api/client'
import { sessionQuery, useYearView, yearViewQuery } from '../api/user'
import { notificationsQuery, useNotifications } from '../api/notifications'
import { queryClient } from '../api/query-client'
import { messagesQuery } from '../api/messages'
import { categoriesQuery } from '../api/documents'
import { flagsQuery } from '../api/tax-status'
import { store } from '../store'
import { isRegisteredTaxpayer } from '../../shared/first-screen'
import { selectedTaxYearAtom } from './year-atom'
import { isTransmitted } from '../../shared/tax-status'
import { displayStatus, expertNote } from './status-display'
import { YearSelector } from './year-selector'
import { StatusCard } from './status-card'
import { ProfileStatusButton } from './profile-status-button'
import { TransmitActions } from './transmit-actions'
import { MessageBox } from './message-box'
import { DocumentChecklist, UploadTools, YourFilesButton } from '../documents'

/**
 * Opened on the dashboard, its five reads start as soon as the session is known to be a registered taxpayer's,
 * together, instead of once the page has rendered (boot.ts). Anyone else gets nothing asked for here. On a page
 * load the entry has asked already (api/early.ts), and these take its answers.
 */
export async function prefetchDashboard() {
  const user = await queryClient.fetchQuery(sessionQuery).catch(() => null)
  if (!isRegisteredTaxpayer(user)) return
  const year = store.get(selectedTaxYearAtom)
  await Promise.all([
    queryClient.prefetchQuery(yearViewQuery(year)),
    queryClient.prefetchQuery(notificationsQuery),
    queryClient.prefetchQuery(messagesQuery),
    queryClient.prefetchQuery(categoriesQuery(year)),
    queryClient.prefetchQuery(flagsQuery(year)),
  ])
}

/** The loading overlay stays at least this long, so it never flickers (spec part 1 §9). */
const MIN_OVERLAY_MS = 500

/**
 * The home dashboard (spec part 1 §2 "Home dashboard", §4). Each piece reads its own
 * query (src/client/api/); the year view is refetched every 30 s while it is shown.
 */
export default function HomePage() {
  const { t } = useTranslation('home')
  const year = useAtomValue(selectedTaxYearAtom)
  const view = useYearView(year)
  const status = displayStatus(year, view.data)
  const notifications = useNotifications({ poll: false })
  const replies = notifications.filter((n) => n.category === 'message').length
  // The overlay covers the first load only; a change of year just swaps the figures. With the data already there
  // (boot.ts asked for it with the page's code) there is nothing to wait for and no overlay at all.
  const [loadedOnce, setLoadedOnce] = useState(() => !view.isPending)
  const [minShown, setMinShown] = useState(loadedOnce)

  useEffect(() => {
    const timer = setTimeout(() => setMinShown(true), MIN_OVERLAY_MS)
    return () => clearTimeout(timer)
  }, [])
  useEffect(() => {
    if (!view.isPending || view.isError) setLoadedOnce(true)
  }, [view.isPending, view.isError])
  useEffect(() => {
    // A lost session has its own dialog; anything else is said once per failure.
    if (view.error && !isUnauthorized(view.error)) toast({ title: t('errors.user'), variant: 'destructive' })
  }, [view.error, t])

  return (
    <PageShell>
      {(!loadedOnce || !minShown) && <LoadingOverlay />}
      {/* From 1024 px two columns: the status and the next step on one side, the documents by category on
          the other. */}
      <div className="home">
        <YearSelector />
        <div className="home-status">
          <StatusCard year={year} status={status} note={expertNote(notifications, year, status)} />
          <ProfileStatusButton year={year} />
          {isTransmitted(status.id) && (
            <section className="transmitted-banner" role="status">
              <strong>{t('documents.transmitted_title')}</strong>
              <p>{t('documents.transmitted_text', { year })}</p>
            </section>
          )}
          <TransmitActions year={year} status={status} />
          <MessageBox replyCount={replies} taxYear={year} />
        </div>
        <div className="home-documents">
          <DocumentChecklist taxYear={year} statusId={status.id} />
          <section className="upload-area" aria-label={t('documents.upload_area')}>
            {/* After transmission a forgotten document may still be added, as new to the experts (issue 25). */}
            <UploadTools taxYear={year} transmitted={isTransmitted(status.id)} primary={status.id === 2} />
          </section>
          <YourFilesButton taxYear={year} />
        </div>
      </div>
    </PageShell>
  )
}
