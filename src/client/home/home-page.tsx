import { useTranslation } from 'react-i18next'
import { PageShell } from '../pages/page-shell'
import { defaultTaxYear } from '../../shared/tax-years'
import { DocumentChecklist, UploadTools, YourFilesButton } from '../documents'

/**
 * The dashboard lands with its own issue; until then the page shows its title
 * and the documents tools (issue 4) for the default year. The dashboard issue
 * replaces this with the real layout, passing the selected year and status.
 */
export default function HomePage() {
  const { t } = useTranslation()
  const taxYear = defaultTaxYear()
  return (
    <PageShell>
      <h1>{t('pages.home')}</h1>
      <DocumentChecklist taxYear={taxYear} />
      <UploadTools taxYear={taxYear} />
      <YourFilesButton taxYear={taxYear} />
    </PageShell>
  )
}
