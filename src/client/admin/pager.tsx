import { useTranslation } from 'react-i18next'

/** Previous / "Page N of M" / Next under a paged admin list; nothing when everything fits on one page. */
export function Pager({ page, pages, setPage }: { page: number; pages: number; setPage: (page: number) => void }) {
  const { t } = useTranslation('admin')
  if (pages <= 1) return null
  return (
    <nav className="pager" aria-label={t('clients.pages')}>
      <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        {t('clients.previous_page')}
      </button>
      <span>{t('clients.page_of', { page, pages })}</span>
      <button type="button" className="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
        {t('clients.next_page')}
      </button>
    </nav>
  )
}
