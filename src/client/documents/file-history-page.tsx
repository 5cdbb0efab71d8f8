import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { PageShell } from '../pages/page-shell'
import { defaultTaxYear } from '../../shared/tax-years'
import { FileHistoryList } from './file-history'

/** /file-history: the full-page variant, with relative times, categories, View and Download. */
export default function FileHistoryPage() {
  const { t } = useTranslation('documents')
  return (
    <PageShell>
      <p>
        <Link href="/">← {t('history.back')}</Link>
      </p>
      <h1>{t('history.title')}</h1>
      <FileHistoryList initialYear={defaultTaxYear()} variant="page" />
    </PageShell>
  )
}
