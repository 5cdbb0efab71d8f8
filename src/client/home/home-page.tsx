import { useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { PageShell } from '../pages/page-shell'
import { LoadingOverlay } from '../ui/loading-overlay'
import { selectedTaxYearAtom } from './year-atom'
import { isTransmitted } from '../../shared/tax-status'
import { useHomeData } from './use-home-data'
import { displayStatus } from './status-display'
import { YearSelector } from './year-selector'
import { StatusCard } from './status-card'
import { ProfileStatusButton } from './profile-status-button'
import { TransmitActions } from './transmit-actions'
import { MessageBox } from './message-box'
import { NotificationsBell } from './notifications-bell'
import { DocumentChecklist, UploadTools, YourFilesButton, announceDocumentsChanged, useDocumentsVersion } from '../documents'

/** The loading overlay stays at least this long, so it never flickers (spec part 1 §9). */
const MIN_OVERLAY_MS = 500

/** The home dashboard (spec part 1 §2 "Home dashboard", §4). */
export default function HomePage() {
  const { t } = useTranslation('home')
  const year = useAtomValue(selectedTaxYearAtom)
  const data = useHomeData(year)
  const status = displayStatus(year, data.user, data.record)
  const [minShown, setMinShown] = useState(false)
  const documentsVersion = useDocumentsVersion()

  // An upload, delete or not-relevant mark may move the status 2→3 on the server.
  useEffect(() => { if (documentsVersion > 0) void data.refresh() }, [documentsVersion])
  // After transmitting, the user, status and file data are refreshed (spec part 1 §4): the
  // documents event refetches the file list and checklist. Awaiting the refresh keeps the
  // button busy until status 4 is shown, so a second click cannot send a second transmit.
  const onTransmitted = async () => {
    announceDocumentsChanged()
    await data.refresh()
  }
  // The overlay covers the first load only; a change of year just swaps the figures.
  const [loadedOnce, setLoadedOnce] = useState(false)

  useEffect(() => {
    const timer = setTimeout(() => setMinShown(true), MIN_OVERLAY_MS)
    return () => clearTimeout(timer)
  }, [])
  useEffect(() => { if (data.ready) setLoadedOnce(true) }, [data.ready])

  return (
    <PageShell headerExtra={<NotificationsBell items={data.notifications} onChanged={data.refreshNotifications} />}>
      {(!loadedOnce || !minShown) && <LoadingOverlay />}
      {/* From 1024 px two columns: the status and the next step on one side, the documents by category on the other. */}
      <div className="home">
        <YearSelector />
        <div className="home-status">
          <StatusCard year={year} status={status} />
          <ProfileStatusButton year={year} status={status} />
          {isTransmitted(status.id) && (
            <section className="transmitted-banner" role="status">
              <strong>{t('documents.transmitted_title')}</strong>
              <p>{t('documents.transmitted_text', { year })}</p>
            </section>
          )}
          <TransmitActions year={year} status={status} flags={data.flags} onTransmitted={onTransmitted} onFlagsChanged={data.refresh} />
          <MessageBox replyCount={data.notifications.filter((n) => n.category === 'message').length} />
        </div>
        <div className="home-documents">
          <DocumentChecklist taxYear={year} statusId={status.id} />
          <section className="upload-area" aria-label={t('documents.upload_area')}>
            <UploadTools taxYear={year} disabled={isTransmitted(status.id)} primary={status.id === 2} />
          </section>
          <YourFilesButton taxYear={year} />
        </div>
      </div>
    </PageShell>
  )
}
