/**
 * The two plans and what each includes (spec part 2 §1: basic is standard document storage;
 * premium adds enhanced features and priority support, and the formal check of the documents
 * is part of premium only). The plans page compares them row by row; the texts are
 * profile:plans.feature.* keys. The prices are the firm's, from PLAN_PRICES.
 */
import { SUBSCRIPTION_PLANS, type SubscriptionPlan } from './profile'

export const PLAN_FEATURES = [
  { id: 'storage', plans: ['basic', 'premium'] },
  { id: 'status', plans: ['basic', 'premium'] },
  { id: 'messages', plans: ['basic', 'premium'] },
  { id: 'formal_check', plans: ['premium'] },
  { id: 'enhanced', plans: ['premium'] },
  { id: 'priority_support', plans: ['premium'] },
] as const satisfies readonly { id: string; plans: readonly SubscriptionPlan[] }[]

export interface PlanPrices {
  /** ISO 4217 code, e.g. CHF. */
  currency: string
  /** Price per tax year of each plan, in the currency's units (e.g. 190 or 89.5). */
  amounts: Record<SubscriptionPlan, number>
}

/**
 * PLAN_PRICES: the currency first, then each plan's price per tax year, e.g.
 * "CHF basic=90 premium=190" (spaces or commas between the parts, at most two decimals).
 * Unset or blank: null, and no price is shown. Anything else that does not fit is an error
 * that names the setting, so a typo stops the start instead of showing a wrong price.
 */
export function parsePlanPrices(raw: string | undefined): PlanPrices | null {
  const text = raw?.trim()
  if (!text) return null
  const fail = (why: string) =>
    new Error(`PLAN_PRICES must be a currency and both plans' prices, e.g. "CHF basic=90 premium=190": ${why}`)
  const [currency, ...parts] = text.split(/[\s,]+/)
  if (!currency || !/^[A-Z]{3}$/.test(currency)) throw fail(`"${currency}" is not a three-letter currency code`)
  const amounts: Partial<Record<SubscriptionPlan, number>> = {}
  for (const part of parts) {
    const m = /^([a-z]+)=(\d{1,7}(?:\.\d{1,2})?)$/.exec(part)
    if (!m) throw fail(`"${part}" is not plan=amount`)
    const plan = m[1] as SubscriptionPlan
    if (!SUBSCRIPTION_PLANS.includes(plan)) throw fail(`"${m[1]}" is not a plan (basic, premium)`)
    if (plan in amounts) throw fail(`${plan} is given twice`)
    amounts[plan] = Number(m[2])
  }
  const missing = SUBSCRIPTION_PLANS.filter((p) => amounts[p] === undefined)
  if (missing.length) throw fail(`no price for ${missing.join(', ')}`)
  return { currency, amounts: amounts as Record<SubscriptionPlan, number> }
}
