import { t } from 'elysia'
import { profileSchema } from '../users/model'
import { taxViewProperties } from '../tax-status/model'

/** GET /api/user: the account, the profile and the tax view (account/view.ts), no key twice. */
export const userViewSchema = t.Object({
  id: t.Number(),
  email: t.String(),
  role: t.Union([t.Literal('user'), t.Literal('admin')]),
  language: t.String(),
  emailUpdates: t.Boolean(),
  isProfileComplete: t.Boolean(),
  ...profileSchema.properties,
  ...taxViewProperties,
})
