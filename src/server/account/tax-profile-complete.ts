import type { AppContext } from '../context'
import type { RequestContext } from '../infra/request-context'
import { updateProfile, profileOf } from '../users/profile'
import { deleteDraft } from '../users/drafts'
import { saveDeclaration } from '../declarations/service'
import { setStatus } from '../tax-status/moves'
import { requireFileableYear, yearStatus } from '../tax-status/service'
import { buildDeclaration } from '../../shared/declaration'
import { badRequest } from '../http/errors'
import { userView } from './view'

/**
 * POST /api/tax-profile/complete: the end of the tax-setup wizard as one transaction.
 * The same services as the spec's three calls (PUT /api/user/profile,
 * POST /api/tax/save-declaration, POST /api/status/set), so the rules are theirs:
 * the profile is checked by the shared rules, the declaration built from what was
 * stored, and the 1→2 move refused (409) while the wizard's rule finds a field
 * missing. Any refusal rolls everything back: nothing of the request is left.
 * A year already past status 1 keeps its status (only experts move it back).
 */
export async function completeTaxProfile(
  ctx: AppContext,
  rc: RequestContext,
  input: { taxYear: number; profile: unknown },
) {
  const userId = rc.user.id
  const profile = input.profile
  if (typeof profile !== 'object' || profile === null || Array.isArray(profile))
    throw badRequest(`Invalid field 'profile': expected an object of profile fields`)
  requireFileableYear(ctx, input.taxYear)
  await ctx.tx(async () => {
    await updateProfile(ctx, userId, profile as Record<string, unknown>)
    await saveDeclaration(
      ctx,
      userId,
      input.taxYear,
      buildDeclaration(await profileOf(ctx, userId), userId, input.taxYear, new Date(ctx.now())),
    )
    if ((await yearStatus(ctx, userId, input.taxYear)).statusId === 1)
      await setStatus(ctx, rc, { taxYear: input.taxYear, to: 2 })
    // The answers are the profile's now: the wizard's draft goes with the same transaction.
    await deleteDraft(ctx, userId, 'wizard')
  })
  return await userView(ctx, userId, input.taxYear)
}
