import { useTranslation } from 'react-i18next'
import { Link, useSearch } from 'wouter'
import { LanguageSelect } from '../ui/language-select'
import { LEGAL_PAGES } from '../../shared/legal-pages'

/** A public legal page; `returnTo` (e.g. /profile) sets where Back leads. */
export default function LegalPage({ page }: { page: (typeof LEGAL_PAGES)[keyof typeof LEGAL_PAGES] }) {
  const { t } = useTranslation('legal')
  const params = new URLSearchParams(useSearch())
  const returnTo = params.get('returnTo')
  const back = returnTo?.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/login'
  const sections = t(`pages.${page}.sections`, { returnObjects: true }) as Record<
    string,
    { heading: string; body: string }
  >
  return (
    <main className="container page legal-page">
      {/* A back link and the language: the page's one navigation landmark is the list of legal pages below. */}
      <div className="legal-nav">
        <Link href={back}>← {t('back')}</Link>
        <LanguageSelect id="legal-language" />
      </div>
      <article>
        <h1>{t(`pages.${page}.title`)}</h1>
        <p className="lead">{t(`pages.${page}.intro`)}</p>
        {typeof sections === 'object' &&
          Object.entries(sections).map(([key, s]) => (
            <section key={key}>
              <h2>{s.heading}</h2>
              <p>{s.body}</p>
            </section>
          ))}
        <section>
          <h2>{t('contact_title')}</h2>
          <p>{t('contact_text')}</p>
        </section>
        <nav className="legal-links" aria-label={t('nav_title')}>
          {Object.entries(LEGAL_PAGES).map(([path, key]) => (
            <Link key={path} href={`${path}${returnTo ? `?returnTo=${encodeURIComponent(back)}` : ''}`}>
              {t(`pages.${key}.title`)}
            </Link>
          ))}
        </nav>
      </article>
    </main>
  )
}
