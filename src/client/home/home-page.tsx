import { useTranslation } from 'react-i18next'
import { TitleOnlyPage } from '../pages/page-shell'

/** The dashboard lands with its own issue; until then the page shows its title. */
export default function HomePage() {
  const { t } = useTranslation()
  return <TitleOnlyPage title={t('pages.home')} />
}
