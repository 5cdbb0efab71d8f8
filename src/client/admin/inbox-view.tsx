import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../ui/dates'
import { Link } from 'wouter'
import { useState } from 'react'
import { messageOf } from '../api/client'
import { toast } from '../ui/toast'
import { inboxQuery, markLateSeen, refreshLateCounts, type Inbox } from './admin-api'
import { useQuery } from '@tanstack/react-query'

/** Client messages without an expert's answer, oldest first, across clients; then the documents after transmission. */
export function InboxView() {
  const { t, i18n } = useTranslation('admin')
  const { data, error } = useQuery(inboxQuery)
  const when = (ms: number) => formatDateTime(ms, i18n.resolvedLanguage ?? 'en')
  return (
    <section aria-labelledby="inbox-heading">
      <h2 id="inbox-heading">{t('tabs.inbox')}</h2>
      {error !== null && (
        <p role="alert" className="error">
          {messageOf(error, t('errors.load_failed'))}
        </p>
      )}
      {!data && error === null && <p aria-busy="true">{t('loading')}</p>}
      {data && data.items.length === 0 && <p>{t('inbox.empty')}</p>}
      {data && data.items.length > 0 && (
        <>
          <p className="muted">{t('inbox.total', { count: data.total })}</p>
          <ol className="inbox">
            {data.items.map((m) => (
              <li key={m.id}>
                <article>
                  <h3>
                    <Link href={`/admin/clients/${m.userId}`}>{m.name || m.email}</Link>
                  </h3>
                  <small className="muted">{when(m.createdAt)}</small>
                  <p>{m.message}</p>
                  {m.attachment && (
                    <p>
                      <a href={m.attachment.blobUrl} target="_blank" rel="noopener">
                        {t('messages.attachment', { name: m.attachment.filename })}
                      </a>
                    </p>
                  )}
                </article>
              </li>
            ))}
          </ol>
        </>
      )}
      {data && <LateUploads late={data.lateUploads} total={data.lateTotal} when={when} />}
    </section>
  )
}

type LateUpload = Inbox['lateUploads'][number]

/**
 * The clients who added documents after their year was transmitted that no expert has seen (issue 25), the newest
 * arrival first. Opening the client's year marks them seen for the team, and so does the card's own button.
 */
function LateUploads({ late, total, when }: { late: LateUpload[]; total: number; when: (ms: number) => string }) {
  const { t } = useTranslation('admin')
  return (
    <section aria-labelledby="late-heading" className="late-uploads">
      <h3 id="late-heading">{t('inbox.late_heading')}</h3>
      {late.length === 0 ? (
        <p className="muted">{t('inbox.late_empty')}</p>
      ) : (
        <>
          <p className="muted">
            {t('inbox.late_intro')}
            {total > late.length && ` ${t('inbox.late_more', { shown: late.length, count: total })}`}
          </p>
          <ol className="inbox">
            {late.map((l) => (
              <li key={`${l.userId}-${l.taxYear}`}>
                <LateCard late={l} when={when} />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  )
}

function LateCard({ late: l, when }: { late: LateUpload; when: (ms: number) => string }) {
  const { t } = useTranslation('admin')
  const [busy, setBusy] = useState(false)
  const name = l.name || l.email
  const markSeen = async () => {
    setBusy(true)
    try {
      await markLateSeen(l.userId, l.taxYear, l.versionIds)
      toast({ title: t('inbox.marked_seen', { name, year: l.taxYear }), variant: 'success' })
      await refreshLateCounts()
    } catch (err) {
      toast({ title: t('inbox.mark_seen_failed'), description: messageOf(err, ''), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }
  return (
    <article className="late-card">
      <div>
        <h4>
          <Link href={`/admin/clients/${l.userId}?taxYear=${l.taxYear}`}>{name}</Link>
        </h4>
        <p>
          <span className="new-badge">{t('client.new_after_transmission')}</span>{' '}
          {t('inbox.late_line', { count: l.count, year: l.taxYear, date: when(l.lastAt) })}
        </p>
      </div>
      <button
        type="button"
        className="secondary"
        disabled={busy}
        aria-label={t('inbox.mark_seen_label', { name, year: l.taxYear })}
        onClick={markSeen}
      >
        {t('inbox.mark_seen')}
      </button>
    </article>
  )
}
