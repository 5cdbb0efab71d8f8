import { useTranslation } from 'react-i18next'
import { Link, useSearch } from 'wouter'
import { useSessionUser } from '../api/user'
import { PageShell } from '../pages/page-shell'
import { ClientsView } from './clients-view'
import { InboxView } from './inbox-view'
import { AuditView } from './audit-view'
import { SystemView } from './system-view'

const TABS = ['clients', 'board', 'inbox', 'audit', 'system'] as const
type Tab = (typeof TABS)[number]

/** Non-experts see this instead of the workspace (spec part 2 §2); the server refuses them anyway. */
export function AccessDenied() {
  const { t } = useTranslation('admin')
  return (
    <PageShell>
      <article className="access-denied" role="alert">
        <h1>{t('denied.title')}</h1>
        <h2>{t('denied.subtitle')}</h2>
        <p>{t('denied.text')}</p>
      </article>
    </PageShell>
  )
}

/**
 * /admin, the expert's home (docs/experts.md): clients as a list or a board by
 * status, the inbox of unanswered messages, the audit log and the system card.
 * The tab lives in the address (?tab=) so the browser's back button works.
 */
export default function AdminPage() {
  const { t } = useTranslation('admin')
  const user = useSessionUser()
  const search = new URLSearchParams(useSearch())
  const tab: Tab = (TABS as readonly string[]).includes(search.get('tab') ?? '')
    ? (search.get('tab') as Tab)
    : 'clients'
  if (user?.role !== 'admin') return <AccessDenied />
  return (
    <PageShell>
      <h1>{t('title')}</h1>
      <nav aria-label={t('tabs.label')} className="admin-tabs">
        <ul>
          {TABS.map((id) => (
            <li key={id}>
              <Link
                href={id === 'clients' ? '/admin' : `/admin?tab=${id}`}
                aria-current={tab === id ? 'page' : undefined}
              >
                {t(`tabs.${id}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {(tab === 'clients' || tab === 'board') && <ClientsView board={tab === 'board'} />}
      {tab === 'inbox' && <InboxView />}
      {tab === 'audit' && <AuditView />}
      {tab === 'system' && <SystemView />}
    </PageShell>
  )
}
