import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { PageShell } from '../pages/page-shell'
import { messageOf } from '../api/client'
import { usePlans, useRequestPremium, type PlansView } from '../api/plans'
import { toast } from '../ui/toast'
import { intlLocale } from '../ui/dates'
import { PLAN_FEATURES } from '../../shared/plans'
import { SUBSCRIPTION_PLANS, type SubscriptionPlan } from '../../shared/profile'

/**
 * The plans page (issue 12): basic and premium side by side with what each includes (spec part 2 §1),
 * the firm's prices when PLAN_PRICES is set, the person's plan marked, and "Ask for premium",
 * which writes to the experts. Only an expert changes the plan.
 */
export default function PlansPage() {
  const { t } = useTranslation('profile')
  const plans = usePlans()
  return (
    <PageShell>
      <article className="profile-card plans-page">
        <header>
          <h1>{t('plans.heading')}</h1>
          <p className="muted">{t('plans.intro')}</p>
        </header>
        {plans.data ? (
          <PlanComparison view={plans.data} />
        ) : plans.isError ? (
          <p className="notice notice-error" role="alert">
            {t('plans.load_failed')}
          </p>
        ) : (
          <p aria-busy="true" />
        )}
        <p>
          <Link href="/profile">{t('plans.back')}</Link>
        </p>
      </article>
    </PageShell>
  )
}

function PlanComparison({ view }: { view: PlansView }) {
  const { t, i18n } = useTranslation('profile')
  const price = (plan: SubscriptionPlan) =>
    view.prices &&
    new Intl.NumberFormat(intlLocale(i18n.resolvedLanguage ?? 'en'), {
      style: 'currency',
      currency: view.prices.currency,
    }).format(view.prices[plan])
  return (
    <>
      <p className="plan-current">{t('plans.current', { plan: t(`plan.${view.plan}`) })}</p>
      <div className="plan-columns">
        {SUBSCRIPTION_PLANS.map((plan) => (
          <section
            key={plan}
            className={`card plan-column${plan === view.plan ? ' is-current' : ''}`}
            aria-labelledby={`plan-${plan}`}
          >
            <h2 id={`plan-${plan}`}>
              {t(`plan.${plan}`)}{' '}
              {plan === view.plan && <span className="badge badge-info">{t('plans.your_plan')}</span>}
            </h2>
            <p className="muted">{t(`plan.${plan}_text`)}</p>
            {view.prices && <p className="plan-price">{t('plans.price', { price: price(plan) })}</p>}
            <h3 className="visually-hidden">{t('plans.features')}</h3>
            <ul className="plan-features">
              {PLAN_FEATURES.map((f) => {
                const has = (f.plans as readonly string[]).includes(plan)
                return (
                  <li key={f.id} className={has ? 'has' : 'has-not'}>
                    <span aria-hidden="true">{has ? '✓' : '–'}</span> {t(`plans.feature.${f.id}`)}
                    <span className="visually-hidden"> ({has ? t('plans.included') : t('plans.not_included')})</span>
                  </li>
                )
              })}
            </ul>
          </section>
        ))}
      </div>
      {!view.prices && <p className="muted">{t('plans.prices_on_request')}</p>}
      {view.plan === 'premium' ? <p className="notice notice-success">{t('plans.is_premium')}</p> : <AskForPremium />}
    </>
  )
}

function AskForPremium() {
  const { t } = useTranslation('profile')
  const request = useRequestPremium()
  const [sent, setSent] = useState(false)
  const ask = async () => {
    try {
      await request.mutateAsync()
      setSent(true)
    } catch (err) {
      toast({ title: t('plans.ask_failed'), description: messageOf(err, ''), variant: 'destructive' })
    }
  }
  if (sent)
    return (
      <div className="notice notice-success" role="status">
        <strong>{t('plans.asked_title')}</strong>
        <p>{t('plans.asked_text')}</p>
      </div>
    )
  return (
    <div className="plan-ask">
      <p className="muted">{t('plans.ask_explain')}</p>
      <button type="button" className="primary" aria-busy={request.isPending} onClick={ask}>
        {t('plans.ask')}
      </button>
    </div>
  )
}
