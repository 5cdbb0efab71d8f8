import { useState } from 'react'
import { formatDateTime } from '../ui/dates'
import { useTranslation } from 'react-i18next'
import { messageOf } from '../api/client'
import { type AuditPage, auditQuery } from './admin-api'
import { useQuery } from '@tanstack/react-query'
import { Pager } from './pager'
import { auditDetails, auditSentence } from './audit-words'

/** The audit log, newest first, filtered by user and event; every event and its details in words. */
export function AuditView() {
  // The status names of a move are the dashboard's (home), the plan names the profile's.
  const { t, i18n } = useTranslation(['admin', 'home', 'profile'])
  const [userId, setUserId] = useState('')
  const [action, setAction] = useState('')
  const [page, setPage] = useState(1)
  const id = /^\d+$/.test(userId) ? Number(userId) : undefined
  const { data, error } = useQuery(auditQuery({ userId: id, action: action || undefined, page }))
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1
  return (
    // Not a region itself: its table's scroll box is the one region named by the heading (two would be one landmark
    // twice, axe landmark-unique).
    <section>
      <h2 id="audit-heading">{t('tabs.audit')}</h2>
      <form className="admin-filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          {t('audit.user')}
          <input
            inputMode="numeric"
            value={userId}
            onChange={(e) => {
              setUserId(e.target.value.replace(/\D/g, ''))
              setPage(1)
            }}
          />
        </label>
        <label>
          {t('audit.event')}
          <select
            value={action}
            onChange={(e) => {
              setAction(e.target.value)
              setPage(1)
            }}
          >
            <option value="">{t('audit.all_events')}</option>
            {data?.actions
              .map((a) => ({ a, text: auditSentence(t, a) }))
              .sort((x, y) => x.text.localeCompare(y.text, i18n.language))
              .map(({ a, text }) => (
                <option key={a} value={a}>
                  {text}
                </option>
              ))}
          </select>
        </label>
      </form>
      {error !== null && (
        <p role="alert" className="error">
          {messageOf(error, t('errors.load_failed'))}
        </p>
      )}
      {data && <AuditCards items={data.items} />}
      {data && <AuditTable items={data.items} />}
      <Pager page={page} pages={pages} setPage={setPage} />
    </section>
  )
}

type AuditItem = AuditPage['items'][number]

function AuditTable({ items }: { items: AuditItem[] }) {
  const { t, i18n } = useTranslation(['admin', 'home', 'profile'])
  return (
    // A region that scrolls sideways on a phone must be reachable by keyboard to be scrolled (axe
    // scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
    <div className="table-scroll audit-table" role="region" aria-labelledby="audit-heading" tabIndex={0}>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('audit.when')}</th>
            <th scope="col">{t('audit.event')}</th>
            <th scope="col">{t('audit.by')}</th>
            <th scope="col">{t('audit.target')}</th>
            <th scope="col">{t('audit.ip')}</th>
            <th scope="col">{t('audit.detail')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((e) => (
            <tr key={e.id}>
              <td>{auditWhen(e, i18n.resolvedLanguage ?? 'en')}</td>
              <td>{auditSentence(t, e.action)}</td>
              <td>{who(e.userId, e.userName)}</td>
              <td>{who(e.targetUserId, e.targetName)}</td>
              <td>{e.ip ?? '—'}</td>
              <td>{auditDetails(t, e.action, e.detail).join(' · ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** An account by name with its number (what the User ID filter takes); a gone account by its number only. */
const who = (id: number | null, name: string | null) => (id === null ? '—' : name ? `${name} (${id})` : String(id))

const auditWhen = (e: AuditItem, lang: string) => formatDateTime(e.at, lang) + (e.repeats > 1 ? ` (×${e.repeats})` : '')

/** On a phone the log is a list of entries, each in words with its people and address, not a six-column table. */
function AuditCards({ items }: { items: AuditItem[] }) {
  const { t, i18n } = useTranslation(['admin', 'home', 'profile'])
  return (
    <ol className="audit-cards">
      {items.map((e) => {
        const details = auditDetails(t, e.action, e.detail)
        const target = who(e.targetUserId, e.targetName)
        return (
          <li key={e.id}>
            <strong>{auditSentence(t, e.action)}</strong>
            <span className="muted">{auditWhen(e, i18n.resolvedLanguage ?? 'en')}</span>
            <span>
              {t('audit.by')}: {who(e.userId, e.userName)} · {t('audit.target')}: {target} · {t('audit.ip')}:{' '}
              {e.ip ?? '—'}
            </span>
            {details.length > 0 && <span>{details.join(' · ')}</span>}
          </li>
        )
      })}
    </ol>
  )
}
