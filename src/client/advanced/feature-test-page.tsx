import { useTranslation } from 'react-i18next'
import { PageShell } from '../pages/page-shell'

/** /featuretest (spec part 2 §2): the four lists of product features, from the locale files. */
const LISTS = ['documents', 'advanced', 'security', 'service'] as const

export default function FeatureTestPage() {
  const { t } = useTranslation('advanced')
  return (
    <PageShell>
      <h1>{t('features.title')}</h1>
      <div className="feature-lists">
        {LISTS.map((list) => (
          <section key={list} aria-labelledby={`features-${list}`}>
            <h2 id={`features-${list}`}>{t(`features.${list}.title`)}</h2>
            <ul>
              {(t(`features.${list}.items`, { returnObjects: true }) as string[]).map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </PageShell>
  )
}
