import { useEffect, useState } from 'react'
import { formatDateTime } from '../ui/dates'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { TAX_STATUSES } from '../../shared/tax-status'
import { offeredTaxYears } from '../../shared/tax-years'
import { messageOf } from '../api/client'
import { boardQuery, clientsQuery, type ClientList, type ClientRow } from './admin-api'
import { useQuery } from '@tanstack/react-query'
import { Pager } from './pager'

const SEARCH_PAUSE_MS = 300

/** "Anna Muster" or, before registration, the e-mail. */
export const displayName = (c: { name: string; email: string }) => c.name || c.email

function UnreadBadge({ n }: { n: number }) {
  const { t } = useTranslation('admin')
  if (!n) return null
  return (
    <span className="unread-badge">
      <span aria-hidden="true">{n}</span>
      <span className="visually-hidden">{t('clients.unread', { count: n })}</span>
    </span>
  )
}

/** Files that arrived after the year was transmitted (issue 25): new to the experts. */
function LateBadge({ n }: { n: number }) {
  const { t } = useTranslation('admin')
  if (!n) return null
  return <span className="new-badge">{t('clients.late_files', { count: n })}</span>
}

function StatusName({ status }: { status: string }) {
  const { t } = useTranslation('home')
  return <>{t(`status.name.${status}`)}</>
}

/** The clients' filters: the search (taken after a pause in typing), status, year and order; each starts at page 1. */
function useClientFilters() {
  const years = offeredTaxYears()
  const [text, setText] = useState('')
  const [q, setQ] = useState('')
  const [status, setStatus] = useState('')
  const [taxYear, setTaxYear] = useState(years[0]!)
  const [sort, setSort] = useState<'activity' | 'name'>('activity')
  const [page, setPage] = useState(1)
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(text.trim())
      setPage(1)
    }, SEARCH_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [text])
  return {
    years,
    text,
    setText,
    q,
    search: () => {
      setQ(text.trim())
      setPage(1)
    },
    status,
    setStatus: (v: string) => {
      setStatus(v)
      setPage(1)
    },
    taxYear,
    setTaxYear: (v: number) => {
      setTaxYear(v)
      setPage(1)
    },
    sort,
    setSort,
    page,
    setPage,
  }
}

/** The clients: filters, then a table (desktop) or cards (phone), or the board by status. */
export function ClientsView({ board }: { board: boolean }) {
  const { t } = useTranslation('admin')
  const f = useClientFilters()
  return (
    <section aria-labelledby="clients-heading">
      <h2 id="clients-heading">{board ? t('tabs.board') : t('tabs.clients')}</h2>
      <ClientFilters f={f} board={board} />
      {board ? (
        <Board q={f.q} taxYear={f.taxYear} />
      ) : (
        <ClientListView
          q={f.q}
          status={f.status ? Number(f.status) : undefined}
          taxYear={f.taxYear}
          sort={f.sort}
          page={f.page}
          setPage={f.setPage}
        />
      )}
    </section>
  )
}

function ClientFilters({ f, board }: { f: ReturnType<typeof useClientFilters>; board: boolean }) {
  const { t } = useTranslation('admin')
  const years = f.years
  return (
    <search>
      <form
        className="admin-filters"
        onSubmit={(e) => {
          e.preventDefault()
          f.search()
        }}
      >
        <div>
          <label htmlFor="clients-q">{t('clients.search')}</label>
          <input
            id="clients-q"
            type="search"
            value={f.text}
            onChange={(e) => f.setText(e.target.value)}
            placeholder={t('clients.search_placeholder')}
          />
        </div>
        {!board && (
          <div>
            <label htmlFor="clients-status">{t('clients.status')}</label>
            <select
              id="clients-status"
              value={f.status}
              onChange={(e) => {
                f.setStatus(e.target.value)
              }}
            >
              <option value="">{t('clients.all_statuses')}</option>
              {TAX_STATUSES.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.id} · {t(`home:status.name.${s.name}`)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <label htmlFor="clients-year">{t('clients.year')}</label>
          <select
            id="clients-year"
            value={f.taxYear}
            onChange={(e) => {
              f.setTaxYear(Number(e.target.value))
            }}
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        {!board && (
          <div>
            <label htmlFor="clients-sort">{t('clients.sort')}</label>
            <select id="clients-sort" value={f.sort} onChange={(e) => f.setSort(e.target.value as 'activity' | 'name')}>
              <option value="activity">{t('clients.sort_activity')}</option>
              <option value="name">{t('clients.sort_name')}</option>
            </select>
          </div>
        )}
      </form>
    </search>
  )
}

function ClientListView({
  q,
  status,
  taxYear,
  sort,
  page,
  setPage,
}: {
  q: string
  status?: number
  taxYear: number
  sort: 'activity' | 'name'
  page: number
  setPage: (p: number) => void
}) {
  const { t, i18n } = useTranslation('admin')
  const { data, error } = useQuery(clientsQuery({ q, status, taxYear, sort, page }))
  if (error)
    return (
      <p role="alert" className="error">
        {messageOf(error, t('errors.load_failed'))}
      </p>
    )
  if (!data) return <p aria-busy="true">{t('loading')}</p>
  if (!data.items.length) return <p>{t('clients.none')}</p>
  const when = (ms: number) => formatDateTime(ms, i18n.resolvedLanguage ?? 'en')
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize))
  return (
    <>
      <p className="muted" aria-live="polite">
        {t('clients.total', { count: data.total })}
      </p>
      <div className="clients-table">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('clients.col_name')}</th>
              <th scope="col">{t('clients.col_email')}</th>
              <th scope="col">{t('clients.col_status', { year: data.taxYear })}</th>
              <th scope="col">{t('clients.col_files')}</th>
              <th scope="col">{t('clients.col_unread')}</th>
              <th scope="col">{t('clients.col_activity')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((c) => (
              <tr key={c.id}>
                <td>
                  <Link href={`/admin/clients/${c.id}?taxYear=${data.taxYear}`}>{displayName(c)}</Link>
                </td>
                <td>{c.email}</td>
                <td>
                  {c.statusId} · <StatusName status={c.status} />
                </td>
                <td>
                  {c.fileCount} <LateBadge n={c.lateFileCount} />
                </td>
                <td>
                  <UnreadBadge n={c.unanswered} />
                  {!c.unanswered && '0'}
                </td>
                <td>{when(c.lastActivityAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="client-cards">
        {data.items.map((c) => (
          <li key={c.id}>
            <ClientCard c={c} taxYear={data.taxYear} when={when} />
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} setPage={setPage} />
    </>
  )
}

function ClientCard({ c, taxYear, when }: { c: ClientRow; taxYear: number; when?: (ms: number) => string }) {
  const { t } = useTranslation('admin')
  return (
    <article className="client-card">
      <h3>
        <Link href={`/admin/clients/${c.id}?taxYear=${taxYear}`}>{displayName(c)}</Link>{' '}
        <UnreadBadge n={c.unanswered} />
      </h3>
      {c.name && <p className="muted">{c.email}</p>}
      <p>
        {c.statusId} · <StatusName status={c.status} /> · {t('clients.files', { count: c.fileCount })}{' '}
        <LateBadge n={c.lateFileCount} />
      </p>
      {when && (
        <p className="muted">
          {t('clients.col_activity')}: {when(c.lastActivityAt)}
        </p>
      )}
    </article>
  )
}

/** The board: one column per status with its clients (the first 50 of each, newest activity first). */
function Board({ q, taxYear }: { q: string; taxYear: number }) {
  const { t } = useTranslation('admin')
  const { data, error } = useQuery(
    boardQuery(
      q,
      taxYear,
      TAX_STATUSES.map((s) => s.id),
    ),
  )
  if (error)
    return (
      <p role="alert" className="error">
        {messageOf(error, t('errors.load_failed'))}
      </p>
    )
  if (!data) return <p aria-busy="true">{t('loading')}</p>
  return (
    <div className="status-board">
      {TAX_STATUSES.map((s, i) => {
        const column: ClientList = data[i]!
        return (
          <section key={s.id} className="board-column" aria-labelledby={`board-${s.id}`}>
            <h3 id={`board-${s.id}`}>
              {s.id} · <StatusName status={s.name} /> <span className="muted">({column.total})</span>
            </h3>
            <ul>
              {column.items.map((c) => (
                <li key={c.id}>
                  <ClientCard c={c} taxYear={taxYear} />
                </li>
              ))}
            </ul>
          </section>
        )
      })}
    </div>
  )
}
