import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { messageOf } from '../api/client'
import { auditQuery } from './admin-api'
import { useQuery } from '@tanstack/react-query'
import { Pager } from './pager'

/** The audit log, newest first, filtered by user and action. */
export function AuditView() {
  const { t, i18n } = useTranslation('admin')
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
          {t('audit.action')}
          <select
            value={action}
            onChange={(e) => {
              setAction(e.target.value)
              setPage(1)
            }}
          >
            <option value="">{t('audit.all_actions')}</option>
            {data?.actions.map((a) => (
              <option key={a} value={a}>
                {a}
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
      {data && (
        // A region that scrolls sideways on a phone must be reachable by keyboard to be scrolled (axe
        // scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
        <div className="table-scroll" role="region" aria-labelledby="audit-heading" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('audit.when')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.by')}</th>
                <th scope="col">{t('audit.target')}</th>
                <th scope="col">{t('audit.ip')}</th>
                <th scope="col">{t('audit.detail')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((e) => (
                <tr key={e.id}>
                  <td>
                    {new Date(e.at).toLocaleString(i18n.language)}
                    {e.repeats > 1 ? ` (×${e.repeats})` : ''}
                  </td>
                  <td>
                    <code>{e.action}</code>
                  </td>
                  <td>{e.userId ?? '—'}</td>
                  <td>{e.targetUserId ?? '—'}</td>
                  <td>{e.ip ?? '—'}</td>
                  <td>
                    <code className="detail">{e.detail ? JSON.stringify(e.detail) : ''}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pages={pages} setPage={setPage} />
    </section>
  )
}
