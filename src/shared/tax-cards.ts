/**
 * The 21 tax cards (spec part 2 §3 "Tax card", §5 "Profile completeness and card activation"):
 * which parts of a return apply to a person, decided from the stored tax profile. Written once
 * here; the server answers GET /api/tax-cards with it and the client shows the tabs it allows.
 * Titles, descriptions and reasons are locale keys: `advanced:cards.<id>.title|description|reason`.
 */
export type TaxCardCategory =
  | 'family'
  | 'relationship'
  | 'property'
  | 'investments'
  | 'pension'
  | 'employment'
  | 'special'
  | 'international'
  | 'social'
  | 'relocation'
  | 'canton'

export const TAX_CARD_CATEGORIES: readonly TaxCardCategory[] = [
  'family',
  'relationship',
  'property',
  'investments',
  'pension',
  'employment',
  'special',
  'international',
  'social',
  'relocation',
  'canton',
]

/** The profile fields the rules read (the names of GET /api/user). */
export interface TaxCardProfile {
  firstName?: string | null
  lastName?: string | null
  cantonOfResidence?: string | null
  maritalStatus?: string | null
  employmentType?: string | null
  hasChildren?: boolean | null
  propertyOwner?: boolean | null
  numberOfProperties?: number | null
  hasInvestments?: boolean | null
  hasPillar3a?: boolean | null
  hasPension?: boolean | null
  paysAlimony?: boolean | null
  isFirefighter?: boolean | null
  isDisabled?: boolean | null
  hasForeignIncome?: boolean | null
  receivesAHVIV?: boolean | null
  movedDuringYear?: string | boolean | null
}

/** The advanced-info tab a card opens (spec part 2 §2: the tabs besides Overview and Authorization). */
export type CardSection = 'investments' | 'deductions' | 'realEstate' | 'foreignIncome' | 'spouse' | 'children'

interface CardRule {
  id: string
  category: TaxCardCategory
  /** The profile fields the rule reads, named in "Not applicable - {fields}". */
  requiredFields: readonly (keyof TaxCardProfile)[]
  applies: (p: TaxCardProfile) => boolean
  section?: CardSection
}

const employment = (p: TaxCardProfile) => p.employmentType ?? ''
const unmarriedParent = (p: TaxCardProfile) => p.maritalStatus === 'divorced' || p.maritalStatus === 'separated'

/** The rules of spec part 2 §5, one card each, in the order the demo lists them. */
export const TAX_CARD_RULES: readonly CardRule[] = [
  {
    id: 'child_deductions',
    category: 'family',
    requiredFields: ['hasChildren'],
    applies: (p) => p.hasChildren === true,
    section: 'children',
  },
  {
    id: 'childcare_costs',
    category: 'family',
    requiredFields: ['hasChildren'],
    applies: (p) => p.hasChildren === true,
    section: 'children',
  },
  {
    id: 'education_costs',
    category: 'family',
    requiredFields: ['hasChildren'],
    applies: (p) => p.hasChildren === true,
    section: 'children',
  },
  {
    id: 'spouse_income',
    category: 'relationship',
    requiredFields: ['maritalStatus'],
    applies: (p) => p.maritalStatus === 'married',
    section: 'spouse',
  },
  {
    id: 'alimony',
    category: 'relationship',
    requiredFields: ['paysAlimony', 'maritalStatus'],
    applies: (p) => p.paysAlimony === true || unmarriedParent(p),
  },
  {
    id: 'property_expenses',
    category: 'property',
    requiredFields: ['propertyOwner'],
    applies: (p) => p.propertyOwner === true,
    section: 'realEstate',
  },
  {
    id: 'mortgage_interest',
    category: 'property',
    requiredFields: ['propertyOwner'],
    applies: (p) => p.propertyOwner === true,
    section: 'realEstate',
  },
  {
    id: 'rental_income',
    category: 'property',
    requiredFields: ['propertyOwner', 'numberOfProperties'],
    applies: (p) => p.propertyOwner === true && (p.numberOfProperties ?? 0) > 1,
    section: 'realEstate',
  },
  {
    id: 'investment_income',
    category: 'investments',
    requiredFields: ['hasInvestments'],
    applies: (p) => p.hasInvestments === true,
    section: 'investments',
  },
  {
    id: 'securities_custody',
    category: 'investments',
    requiredFields: ['hasInvestments'],
    applies: (p) => p.hasInvestments === true,
    section: 'investments',
  },
  {
    id: 'pillar_3a',
    category: 'pension',
    requiredFields: ['hasPillar3a'],
    applies: (p) => p.hasPillar3a === true,
    section: 'deductions',
  },
  {
    id: 'pension_income',
    category: 'pension',
    requiredFields: ['hasPension', 'employmentType'],
    applies: (p) => p.hasPension === true || employment(p) === 'retired',
  },
  {
    id: 'self_employment',
    category: 'employment',
    requiredFields: ['employmentType'],
    applies: (p) => employment(p) === 'self-employed' || employment(p) === 'mixed',
  },
  {
    id: 'farming',
    category: 'employment',
    requiredFields: ['employmentType'],
    applies: (p) => employment(p) === 'farmer',
  },
  {
    id: 'professional_expenses',
    category: 'employment',
    requiredFields: ['employmentType'],
    applies: (p) => employment(p) === 'employed' || employment(p) === 'mixed',
    section: 'deductions',
  },
  {
    id: 'firefighter',
    category: 'special',
    requiredFields: ['isFirefighter'],
    applies: (p) => p.isFirefighter === true,
  },
  {
    id: 'disability',
    category: 'special',
    requiredFields: ['isDisabled'],
    applies: (p) => p.isDisabled === true,
    section: 'deductions',
  },
  {
    id: 'foreign_income',
    category: 'international',
    requiredFields: ['hasForeignIncome'],
    applies: (p) => p.hasForeignIncome === true,
    section: 'foreignIncome',
  },
  { id: 'ahv_iv', category: 'social', requiredFields: ['receivesAHVIV'], applies: (p) => p.receivesAHVIV === true },
  {
    id: 'moving',
    category: 'relocation',
    requiredFields: ['movedDuringYear'],
    applies: (p) => p.movedDuringYear === 'yes' || p.movedDuringYear === true,
  },
  {
    id: 'canton_specific',
    category: 'canton',
    requiredFields: ['cantonOfResidence'],
    applies: (p) => !!p.cantonOfResidence,
  },
]

export interface TaxCard {
  id: string
  category: TaxCardCategory
  isEnabled: boolean
  requiredFields: string[]
  /** Locale keys; the reason says why the card applies (or, off, what it would need). */
  titleKey: string
  descriptionKey: string
  reasonKey: string
  section: CardSection | null
}

/** Every card with its state for a profile. */
export function taxCards(profile: TaxCardProfile): TaxCard[] {
  return TAX_CARD_RULES.map((r) => ({
    id: r.id,
    category: r.category,
    isEnabled: r.applies(profile),
    requiredFields: [...r.requiredFields],
    titleKey: `advanced:cards.${r.id}.title`,
    descriptionKey: `advanced:cards.${r.id}.description`,
    reasonKey: `advanced:cards.${r.id}.reason`,
    section: r.section ?? null,
  }))
}

/** The 9 fields of spec part 2 §5 "Profile completeness". */
export const COMPLETENESS_FIELDS = [
  'firstName',
  'lastName',
  'cantonOfResidence',
  'maritalStatus',
  'employmentType',
  'hasChildren',
  'propertyOwner',
  'hasInvestments',
  'hasPillar3a',
] as const satisfies readonly (keyof TaxCardProfile)[]

/** A stored `false` is an answer and counts; only missing values and empty text do not. */
const filled = (v: unknown) => v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '')

/** Percent of the 9 fields that hold a value, rounded to a whole number. */
export function profileCompleteness(profile: TaxCardProfile): number {
  const n = COMPLETENESS_FIELDS.filter((f) => filled(profile[f])).length
  return Math.round((n / COMPLETENESS_FIELDS.length) * 100)
}

/** The categories recommendations come from first, in this order; the others follow in list order. */
export const PRIORITY_CATEGORIES: readonly TaxCardCategory[] = [
  'family',
  'property',
  'employment',
  'pension',
  'investments',
]

const priorityOf = (c: TaxCardCategory) => {
  const i = PRIORITY_CATEGORIES.indexOf(c)
  return i === -1 ? PRIORITY_CATEGORIES.length : i
}

/** Up to 3 enabled cards, family first, then property, employment, pension, investments, then the rest. */
export function recommendations(cards: readonly TaxCard[], max = 3): TaxCard[] {
  return cards
    .map((card, index) => ({ card, index }))
    .filter(({ card }) => card.isEnabled)
    .sort((a, b) => priorityOf(a.card.category) - priorityOf(b.card.category) || a.index - b.index)
    .slice(0, max)
    .map(({ card }) => card)
}

/** The advanced-info tabs shown: Overview and Authorization always, the others when a card of theirs applies. */
export type AdvancedTab = 'overview' | 'authorization' | CardSection
export const ADVANCED_TABS: readonly AdvancedTab[] = [
  'overview',
  'authorization',
  'investments',
  'deductions',
  'realEstate',
  'foreignIncome',
  'spouse',
  'children',
]

export function tabsShown(cards: readonly TaxCard[]): AdvancedTab[] {
  const on = new Set(cards.filter((c) => c.isEnabled && c.section).map((c) => c.section))
  return ADVANCED_TABS.filter((tab) => tab === 'overview' || tab === 'authorization' || on.has(tab))
}

export interface TaxCardSummary {
  cards: TaxCard[]
  /** Categories with at least one enabled card ("active sections" of the demo). */
  activeCategories: TaxCardCategory[]
  enabledCount: number
  totalCount: number
  completeness: number
  /** Enabled cards in the priority categories. */
  priorityCount: number
  recommendations: string[]
  tabs: AdvancedTab[]
}

/** Everything the tax-card demo and the advanced-info tabs need, from one profile. */
export function taxCardSummary(profile: TaxCardProfile): TaxCardSummary {
  const cards = taxCards(profile)
  const enabled = cards.filter((c) => c.isEnabled)
  return {
    cards,
    activeCategories: TAX_CARD_CATEGORIES.filter((cat) => enabled.some((c) => c.category === cat)),
    enabledCount: enabled.length,
    totalCount: cards.length,
    completeness: profileCompleteness(profile),
    priorityCount: enabled.filter((c) => PRIORITY_CATEGORIES.includes(c.category)).length,
    recommendations: recommendations(cards).map((c) => c.id),
    tabs: tabsShown(cards),
  }
}
