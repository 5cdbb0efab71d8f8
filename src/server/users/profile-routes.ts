import { Elysia, t } from 'elysia'
import type { AppContext } from '../context'
import { pluginSeed } from '../context'
import type { SessionStore } from '../infra/sessions'
import { authPlugin } from '../infra/auth-plugin'
import { badRequest } from '../http/errors'
import { acceptTerms, setSubscriptionPlan, updateProfile } from './profile'
import { draftKind, draftOf, saveDraft } from './drafts'
import { profileSchema } from './model'
import { shaped } from '../http/schemas'
import type { ProfileField } from '../../shared/profile'

/** The profile screen's calls: the profile itself, the terms, and the admin-only plan. */
export function profileRoutes(ctx: AppContext, sessions: SessionStore) {
  return (
    new Elysia({ name: 'profile-routes', seed: pluginSeed(ctx) })
      .use(authPlugin(ctx, sessions))
      // The body is checked field by field by the shared rules, so the message names the field.
      // No checking body schema: t.Record would turn an array or a string into an object and let it pass;
      // shaped<> only gives the Eden client the type.
      .put('/api/user/profile', ({ user, body }) => updateProfile(ctx, user.id, body as Record<string, unknown>), {
        auth: true,
        body: shaped<Partial<Record<ProfileField, unknown>>>(),
        response: profileSchema,
      })
      // What the client sends about time, agent and address is ignored: the server records its own view.
      .post(
        '/api/gtc/accept',
        async ({ rc, body }) => {
          // Only an explicit acceptance is recorded: a false, a 'no' or a missing flag is refused.
          if ((body as { accepted?: unknown } | undefined)?.accepted !== true)
            throw badRequest(`Invalid field 'accepted': the terms must be accepted`)
          return await acceptTerms(ctx, rc)
        },
        {
          auth: true,
          body: shaped<{ accepted: true }>(),
          response: t.Object({
            accepted: t.Boolean(),
            acceptedAt: t.String(),
            ipAddress: t.String(),
            userAgent: t.String(),
          }),
        },
      )
      // The unfinished wizard or registration (issue 25): read on return, written on each step.
      .get(
        '/api/user/drafts/:kind',
        async ({ user, params }) => ({ draft: await draftOf(ctx, user.id, draftKind(params.kind)) }),
        { auth: true, response: shaped<{ draft: Awaited<ReturnType<typeof draftOf>> }>() },
      )
      .put(
        '/api/user/drafts/:kind',
        async ({ user, params, body }) => await saveDraft(ctx, user.id, draftKind(params.kind), body),
        {
          auth: true,
          body: t.Object({
            taxYear: t.Optional(t.Integer({ minimum: 2000, maximum: 2100 })),
            step: t.Optional(t.Integer()),
            answers: t.Unknown(),
          }),
          response: shaped<Awaited<ReturnType<typeof saveDraft>>>(),
        },
      )
      .put(
        '/api/admin/users/:id/plan',
        async ({ rc, params, body }) => {
          const id = Number(params.id)
          if (!Number.isInteger(id) || id <= 0) throw badRequest(`Invalid field 'id': a user id`)
          return await setSubscriptionPlan(ctx, rc, id, body.subscriptionPlan)
        },
        { role: 'admin', body: t.Object({ subscriptionPlan: t.String({ maxLength: 20 }) }), response: profileSchema },
      )
  )
}
