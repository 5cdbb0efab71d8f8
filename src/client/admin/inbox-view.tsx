import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../ui/dates'
import { Link } from 'wouter'
import { messageOf } from '../api/client'
import { inboxQuery } from './admin-api'
import { useQuery } from '@tanstack/react-query'

/** Client messages without an expert's answer, oldest first, across clients. */
export function InboxView() {
  const { t, i18n } = useTranslation('admin')
  const { data, error } = useQuery(inboxQuery)
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
                  <small className="muted">{formatDateTime(m.createdAt, i18n.resolvedLanguage ?? 'en')}</small>
                  <p>{m.message}</p>
                </article>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  )
}
