import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'

export default function NotFoundPage() {
  const { t } = useTranslation()
  return (
    <main className="container page not-found">
      <h1>{t('not_found.title')}</h1>
      <p>{t('not_found.text')}</p>
      <Link href="/">{t('not_found.home')}</Link>
    </main>
  )
}
