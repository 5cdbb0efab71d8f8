import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../ui/dates'
import { Link } from 'wouter'
import { messageOf } from '../api/client'
import { inboxQuery, type Inbox } from './admin-api'
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
      {data && data.lateUploads.length > 0 && <LateUploads late={data.lateUploads} when={when} />}
    </section>
  )
}

/** The clients who added documents after their year was transmitted (issue 25), the newest arrival first. */
function LateUploads({ late, when }: { late: Inbox['lateUploads']; when: (ms: number) => string }) {
  const { t } = useTranslation('admin')
  return (
    <section aria-labelledby="late-heading" className="late-uploads">
      <h3 id="late-heading">{t('inbox.late_heading')}</h3>
      <p className="muted">{t('inbox.late_intro')}</p>
      <ol className="inbox">
        {late.map((l) => (
          <li key={`${l.userId}-${l.taxYear}`}>
            <article>
              <h4>
                <Link href={`/admin/clients/${l.userId}?taxYear=${l.taxYear}`}>{l.name || l.email}</Link>
              </h4>
              <p>
                <span className="new-badge">{t('client.new_after_transmission')}</span>{' '}
                {t('inbox.late_line', { count: l.count, year: l.taxYear, date: when(l.lastAt) })}
              </p>
            </article>
          </li>
        ))}
      </ol>
    </section>
  )
}
