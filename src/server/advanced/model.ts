import { t } from 'elysia'
import { SECTION_IDS, type ChildInfo, type MissingItem, type SectionId, type SpouseInfo } from '../../shared/advanced'
import { ADVANCED_TABS, TAX_CARD_CATEGORIES, type TaxCard, type TaxCardSummary } from '../../shared/tax-cards'
import { mirroring, oneOf } from '../http/schemas'

const sectionIdSchema = mirroring<SectionId>()(oneOf(SECTION_IDS))

export const spouseSchema = mirroring<SpouseInfo>()(
  t.Object({
    firstName: t.String(),
    lastName: t.String(),
    age: t.Nullable(t.Number()),
    occupation: t.String(),
    ahvNumber: t.String(),
    taxId: t.String(),
  }),
)

export const childSchema = mirroring<ChildInfo>()(
  t.Object({
    firstName: t.String(),
    lastName: t.String(),
    birthDate: t.String(),
    disability: t.Boolean(),
    schoolingInfo: t.String(),
    alimony: t.Number(),
  }),
)

/** The authorization of a year as the person and the experts see it (the acceptance's IP is not in it). */
export const authorizationSchema = t.Object({
  taxAddressEnabled: t.Boolean(),
  powerOfAttorneyEnabled: t.Boolean(),
  canton: t.String(),
  tinNumber: t.String(),
  powerOfAttorneyAccepted: t.Boolean(),
  powerOfAttorneyAcceptedAt: t.Nullable(t.String()),
  lastUpdated: t.String(),
  taxYear: t.Number(),
})

const missingSchema = mirroring<MissingItem>()(
  t.Union([t.Literal('spouse'), t.Literal('children'), t.Literal('power_of_attorney')]),
)

const taxCardSchema = mirroring<TaxCard>()(
  t.Object({
    id: t.String(),
    category: oneOf(TAX_CARD_CATEGORIES),
    isEnabled: t.Boolean(),
    requiredFields: t.Array(t.String()),
    titleKey: t.String(),
    descriptionKey: t.String(),
    reasonKey: t.String(),
    section: t.Nullable(
      t.Union([
        t.Literal('investments'),
        t.Literal('deductions'),
        t.Literal('realEstate'),
        t.Literal('foreignIncome'),
        t.Literal('spouse'),
        t.Literal('children'),
      ]),
    ),
  }),
)

/** The tax cards of a profile (spec part 2 §4): GET /api/tax-cards and a part of GET /api/advanced. */
export const taxCardSummarySchema = mirroring<TaxCardSummary>()(
  t.Object({
    cards: t.Array(taxCardSchema),
    activeCategories: t.Array(oneOf(TAX_CARD_CATEGORIES)),
    enabledCount: t.Number(),
    totalCount: t.Number(),
    completeness: t.Number(),
    priorityCount: t.Number(),
    recommendations: t.Array(t.String()),
    tabs: t.Array(oneOf(ADVANCED_TABS)),
  }),
)

/** GET /api/advanced: the year's advanced information in one answer. */
export const advancedInfoSchema = t.Object({
  taxYear: t.Number(),
  sections: t.Array(
    t.Object({
      id: sectionIdSchema,
      toggleKey: t.String(),
      enabled: t.Boolean(),
      alwaysEnabled: t.Boolean(),
      color: t.String(),
      fileCount: t.Number(),
      categories: t.Array(t.Object({ id: t.Number(), fileCount: t.Number(), isRelevant: t.Boolean() })),
    }),
  ),
  completed: t.Boolean(),
  completedAt: t.Nullable(t.String()),
  missing: t.Array(missingSchema),
  spouse: t.Nullable(spouseSchema),
  children: t.Array(childSchema),
  authorization: t.Nullable(authorizationSchema),
  profileCanton: t.Nullable(t.String()),
  transmitted: t.Boolean(),
  taxCards: taxCardSummarySchema,
  /** The wizard's number of children: the children form starts with as many entries. */
  wizardChildren: t.Number(),
})

export const sectionAnswerSchema = t.Object({
  success: t.Boolean(),
  taxYear: t.Number(),
  section: sectionIdSchema,
  enabled: t.Boolean(),
})
export const spouseAnswerSchema = t.Object({ success: t.Boolean(), taxYear: t.Number(), spouse: spouseSchema })
export const childrenAnswerSchema = t.Object({
  success: t.Boolean(),
  taxYear: t.Number(),
  children: t.Array(childSchema),
})
export const authorizationAnswerSchema = t.Object({
  success: t.Boolean(),
  taxYear: t.Number(),
  authorization: authorizationSchema,
})
export const completionAnswerSchema = t.Object({ success: t.Boolean(), taxYear: t.Number(), completed: t.Boolean() })
export const taxCardsAnswerSchema = t.Object({ taxYear: t.Number(), ...taxCardSummarySchema.properties })
