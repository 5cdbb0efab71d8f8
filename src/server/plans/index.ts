import { Elysia, t } from 'elysia'
import { pluginSeed, type AppContext } from '../context'
import type { SessionStore } from '../infra/sessions'
import { authPlugin } from '../infra/auth-plugin'
import { messageSchema } from '../messages/model'
import { plansView, requestPremium } from './service'

const planSchema = t.Union([t.Literal('basic'), t.Literal('premium')])

/** The plans page's calls; the experts set a plan through PUT /api/admin/users/:id/plan (users area). */
export function planRoutes(ctx: AppContext, sessions: SessionStore) {
  return new Elysia({ name: 'plan-routes', seed: pluginSeed(ctx) })
    .use(authPlugin(ctx, sessions))
    .get('/api/plans', ({ user }) => plansView(ctx, user.id), {
      auth: true,
      response: t.Object({
        plan: planSchema,
        prices: t.Nullable(t.Object({ currency: t.String(), basic: t.Number(), premium: t.Number() })),
      }),
    })
    .post('/api/plans/premium-request', ({ rc }) => requestPremium(ctx, rc), {
      auth: true,
      response: t.Object({ success: t.Boolean(), item: messageSchema }),
    })
}
