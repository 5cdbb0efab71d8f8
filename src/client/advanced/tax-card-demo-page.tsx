import { lazy, Suspense, useState } from 'react'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { PageShell } from '../pages/page-shell'
import { LoadingOverlay } from '../ui/loading-overlay'
import { useTaxCards } from '../api/advanced'
import { selectedTaxYearAtom } from '../home/year-atom'
import { TAX_CARD_CATEGORIES, type TaxCardCategory } from '../../shared/tax-cards'

// Compiled in only for development builds (build.ts defines NODE_ENV), like the login page's debug panel.
const StatusDemo =
  process.env.NODE_ENV === 'development'
    ? lazy(() => import('./status-demo').then((m) => ({ default: m.StatusDemo })))
    : null

/** /tax-card-demo (spec part 2 §2): the activation summary and the 21 cards by category, from the stored profile. */
export default function TaxCardDemoPage() {
  const { t } = useTranslation('advanced')
  const taxYear = useAtomValue(selectedTaxYearAtom)
  const cards = useTaxCards(taxYear)
  const data = cards.data
  return (
    <PageShell>
      <h1>{t('demo.title')}</h1>
      {cards.isPending && <LoadingOverlay />}
      {cards.isError && (
        <p role="alert" className="form-error">
          {t('demo.load_failed')}
        </p>
      )}
      {data && (
        <>
          <section className="demo-summary" aria-labelledby="summary-heading">
            <h2 id="summary-heading">{t('demo.summary')}</h2>
            <dl className="summary-grid">
              <div>
                <dt>{t('demo.active_sections')}</dt>
                <dd>{data.activeCategories.length}</dd>
              </div>
              <div>
                <dt>{t('demo.enabled_cards')}</dt>
                <dd>{t('demo.of', { enabled: data.enabledCount, total: data.totalCount })}</dd>
              </div>
              <div>
                <dt>{t('demo.completeness')}</dt>
                <dd>{data.completeness}%</dd>
              </div>
              <div>
                <dt>{t('demo.priority_cards')}</dt>
                <dd>{data.priorityCount}</dd>
              </div>
            </dl>
            <h3>{t('demo.recommendations')}</h3>
            {data.recommendations.length ? (
              <ol>
                {data.recommendations.map((id) => (
                  <li key={id}>{t(`cards.${id}.title`)}</li>
                ))}
              </ol>
            ) : (
              <p className="muted">{t('demo.no_recommendations')}</p>
            )}
          </section>
          {TAX_CARD_CATEGORIES.map((cat) => (
            <CategorySection key={cat} category={cat} cards={data.cards.filter((c) => c.category === cat)} />
          ))}
        </>
      )}
      {/* The status demo moves nothing on the server; it is shown in development mode only. */}
      {process.env.NODE_ENV === 'development' && StatusDemo && (
        <Suspense fallback={null}>
          <StatusDemo />
        </Suspense>
      )}
    </PageShell>
  )
}

type Card = NonNullable<ReturnType<typeof useTaxCards>['data']>['cards'][number]

/** A category starts expanded when one of its cards is on. */
function CategorySection({ category, cards }: { category: TaxCardCategory; cards: Card[] }) {
  const { t } = useTranslation('advanced')
  const enabled = cards.filter((c) => c.isEnabled).length
  const [open, setOpen] = useState(enabled > 0)
  const panel = `demo-${category}`
  return (
    <section className="demo-category">
      <h2>
        <button
          type="button"
          className="category-toggle"
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => setOpen(!open)}
        >
          <span>{t(`card_categories.${category}`)}</span>
          <span className="category-count">{t('demo.of', { enabled, total: cards.length })}</span>
        </button>
      </h2>
      <div id={panel} hidden={!open} className="demo-cards">
        {cards.map((c) => (
          <article key={c.id} className={c.isEnabled ? 'tax-card enabled' : 'tax-card'} data-card={c.id}>
            <h3>{t(`cards.${c.id}.title`)}</h3>
            <p>{t(`cards.${c.id}.description`)}</p>
            <p className="reason">
              {c.isEnabled
                ? t(`cards.${c.id}.reason`)
                : t('demo.not_applicable', { fields: c.requiredFields.map((f) => t(`fields.${f}`)).join(', ') })}
            </p>
          </article>
        ))}
      </div>
    </section>
  )
}
