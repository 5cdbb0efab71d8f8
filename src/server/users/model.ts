import { t } from 'elysia'

/**
 * The answers of the users area as schemas (Elysia `response:`), so the Eden
 * client's types are the server's. Runtime checks come free with them: a field
 * that changes shape fails the API tests instead of reaching a browser.
 */
const text = t.Nullable(t.String())
const flag = t.Nullable(t.Boolean())
const count = t.Nullable(t.Number())

/** profileOf: the registration fields and the tax profile (spec part 2 §3). */
export const profileSchema = t.Object({
  name: t.String(),
  firstName: t.String(),
  lastName: t.String(),
  phone: t.String(),
  countryCode: t.String(),
  salutation: text,
  dateOfBirth: text,
  religion: text,
  jobName: text,
  occupation: text,
  taxAddress: text,
  cantonOfResidence: text,
  street: text,
  zipCode: text,
  city: text,
  gemeinde: text,
  movedDuringYear: text,
  housingSituation: text,
  isFirefighter: flag,
  maritalStatus: text,
  propertyOwner: flag,
  numberOfProperties: count,
  propertyCountry: text,
  propertyUse: text,
  hasChildren: flag,
  numberOfChildren: count,
  childrenAges: t.Array(t.Number()),
  hasInvestments: flag,
  hasForeignIncome: flag,
  isDisabled: flag,
  receivesAHVIV: flag,
  hasTaxIdentificationNumber: flag,
  hasPowerOfAttorney: flag,
  employmentType: text,
  paysAlimony: flag,
  alimonyAmount: count,
  alimonyDuration: text,
  hasPillar3a: flag,
  hasPension: flag,
  taxationLevel: text,
  subscriptionPlan: t.String(),
  isTaxProfileComplete: t.Boolean(),
  gtcAcceptedAt: text,
})

/** publicUser: what sign-in answers about the account. */
export const publicUserSchema = t.Object({
  id: t.Number(),
  email: t.String(),
  role: t.Union([t.Literal('user'), t.Literal('admin')]),
  language: t.String(),
  emailUpdates: t.Boolean(),
  name: t.String(),
  firstName: t.String(),
  lastName: t.String(),
  phone: t.String(),
  countryCode: t.String(),
  isProfileComplete: t.Boolean(),
})

/** An unfinished form kept on the server (drafts.ts): the wizard's answers and step, or the registration's input. */
export const draftSchema = t.Object({
  kind: t.Union([t.Literal('wizard'), t.Literal('registration')]),
  taxYear: t.Number(),
  step: t.Number(),
  answers: t.Record(t.String(), t.Union([t.String(), t.Number(), t.Boolean(), t.Null(), t.Array(t.Number())])),
  updatedAt: t.String(),
})
