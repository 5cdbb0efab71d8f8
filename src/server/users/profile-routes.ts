import { Elysia, t } from 'elysia'
import type { AppContext } from '../context'
import { pluginSeed } from '../context'
import type { SessionStore } from '../infra/sessions'
import { authPlugin } from '../infra/auth-plugin'
import { badRequest } from '../http/errors'
import { acceptTerms, setSubscriptionPlan, updateProfile } from './profile'
import { draftKind, draftOf, saveDraft } from './drafts'
import { draftSchema, profileSchema } from './model'
import { openObject, requireObject } from '../http/schemas'

/** The profile screen's calls: the profile itself, the terms, and the admin-only plan. */
export function profileRoutes(ctx: AppContext, sessions: SessionStore) {
  return (
    new Elysia({ name: 'profile-routes', seed: pluginSeed(ctx) })
      .use(authPlugin(ctx, sessions))
      // The body is checked field by field by the shared rules (updateProfile), so the message names the field:
      // the schema says "an object" only, and requireObject refuses anything else before Elysia could coerce it.
      .put('/api/user/profile', ({ user, body }) => updateProfile(ctx, user.id, body), {
        auth: true,
        transform: requireObject('The profile must be a JSON object'),
        body: openObject,
        response: profileSchema,
      })
      // What the client sends about time, agent and address is ignored: the server records its own view.
      .post(
        '/api/gtc/accept',
        async ({ rc, body }) => {
          // Only an explicit acceptance is recorded: a false, a 'no' or a missing flag is refused.
          if (body?.accepted !== true) throw badRequest(`Invalid field 'accepted': the terms must be accepted`)
          return await acceptTerms(ctx, rc)
        },
        {
          auth: true,
          // Any value is read, and all but `true` refused with the route's own message (not a schema's).
          body: t.Optional(
            t.Object({ accepted: t.Optional(t.Union([t.Boolean(), t.String(), t.Number(), t.Null()])) }),
          ),
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
        { auth: true, response: t.Object({ draft: t.Nullable(draftSchema) }) },
      )
      .put(
        '/api/user/drafts/:kind',
        async ({ user, params, body }) => await saveDraft(ctx, user.id, draftKind(params.kind), body),
        {
          auth: true,
          transform: requireObject(`Invalid field 'answers': expected an object of profile fields`, 'answers'),
          body: t.Object({
            taxYear: t.Optional(t.Integer({ minimum: 2000, maximum: 2100 })),
            step: t.Optional(t.Integer()),
            // Open: the service keeps only known profile fields of plain values (drafts.ts cleanAnswers).
            answers: openObject,
          }),
          response: draftSchema,
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
