import type { AppContext } from '../context'
import { conflict, forbidden } from '../http/errors'
import { audit } from '../infra/audit'
import { enforce, LIMITS } from '../infra/rate-limit'
import type { RequestContext } from '../infra/request-context'
import { sendMessage } from '../messages/service'
import { profileOf } from '../users/profile'
import { getUser } from '../users/service'
import { DEFAULT_PLAN, SUBSCRIPTION_PLANS, type SubscriptionPlan } from '../../shared/profile'
import { isActiveLanguage, type Language } from '../../shared/languages'
import { localeTexts } from '../infra/locale-texts'

/**
 * The plans (issue 12): which plan a person has, the firm's prices, and the request for
 * premium. The plan itself is written by the users area only (setSubscriptionPlan, the
 * experts' route); this area reads it and writes nothing of its own: a request is a
 * message to the experts, through the messages service, so it lands in their inbox.
 */

/** The request is written in the person's language, like the messages they type themselves. */
const REQUEST_TEXT = (lng: Language) => localeTexts('profile', lng).plans.request_message

const planOf = async (ctx: AppContext, userId: number): Promise<SubscriptionPlan> => {
  const plan = (await profileOf(ctx, userId)).subscriptionPlan
  return (SUBSCRIPTION_PLANS as readonly string[]).includes(plan) ? (plan as SubscriptionPlan) : DEFAULT_PLAN
}

/** GET /api/plans: the person's plan and, when PLAN_PRICES is set, the prices per tax year. */
export async function plansView(ctx: AppContext, userId: number) {
  const prices = ctx.config.planPrices
  return {
    plan: await planOf(ctx, userId),
    prices: prices && { currency: prices.currency, basic: prices.amounts.basic, premium: prices.amounts.premium },
  }
}

/**
 * POST /api/plans/premium-request: a message to the experts asking for premium. Experts have
 * no plan (403); a person already on premium has nothing to ask for (409).
 */
export async function requestPremium(ctx: AppContext, rc: RequestContext) {
  if (rc.user.role === 'admin') throw forbidden('Experts have no plan.', 'PLAN_NOT_FOR_EXPERTS')
  const userId = rc.user.id
  if ((await planOf(ctx, userId)) === 'premium')
    throw conflict('You already have the premium plan.', 'PLAN_ALREADY_PREMIUM')
  await enforce(
    ctx,
    LIMITS.premiumRequest,
    userId,
    'Your request has reached the experts. They will answer you shortly.',
  )
  const language = (await getUser(ctx, userId)).language
  const item = await sendMessage(ctx, userId, REQUEST_TEXT(isActiveLanguage(language) ? language : 'en'))
  await audit(ctx, rc, 'plan_premium_requested', {}, { target: { userId } })
  return { success: true, item }
}
