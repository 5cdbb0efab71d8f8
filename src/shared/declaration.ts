/**
 * The declaration the wizard saves (spec part 2 §3 "Tax declaration payload groups"), with the
 * spec's defaults for empty values: salutation mr, religion Other/None, moved no, housing renter,
 * marital status individual, employment employed, counts 0, flags false.
 */
const PROFILE_VERSION = '1.0'

const DEFAULTS: Record<string, unknown> = {
  salutation: 'mr',
  religion: 'Other/None',
  movedDuringYear: 'no',
  housingSituation: 'renter',
  maritalStatus: 'individual',
  employmentType: 'employed',
}
const FLAGS = [
  'isFirefighter',
  'propertyOwner',
  'hasChildren',
  'hasInvestments',
  'hasForeignIncome',
  'isDisabled',
  'receivesAHVIV',
  'hasTaxIdentificationNumber',
  'hasPowerOfAttorney',
  'paysAlimony',
  'hasPillar3a',
  'hasPension',
]
const COUNTS = ['numberOfProperties', 'numberOfChildren']

const empty = (v: unknown) => v === undefined || v === null || v === ''

/** The draft with every empty value replaced by its default. */
export function withDefaults(draft: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...draft }
  for (const [k, v] of Object.entries(DEFAULTS)) if (empty(out[k])) out[k] = v
  for (const k of FLAGS) if (empty(out[k])) out[k] = false
  for (const k of COUNTS) if (empty(out[k])) out[k] = 0
  if (!Array.isArray(out.childrenAges)) out.childrenAges = []
  return out
}

const pick = (d: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.map((k) => [k, d[k] ?? null]))

/** The fields of each payload group (spec part 2 §3): the client fills them, the server accepts no others. */
export const DECLARATION_FIELDS = {
  personalInfo: [
    'salutation',
    'firstName',
    'lastName',
    'dateOfBirth',
    'religion',
    'phone',
    'countryCode',
    'jobName',
    'taxAddress',
  ],
  location: ['cantonOfResidence', 'street', 'zipCode', 'city', 'gemeinde', 'movedDuringYear', 'housingSituation'],
  personalStatus: ['isFirefighter', 'maritalStatus'],
  realEstate: ['propertyOwner', 'numberOfProperties', 'propertyCountry', 'propertyUse'],
  children: ['hasChildren', 'numberOfChildren', 'childrenAges'],
  taxFeatures: [
    'hasInvestments',
    'hasForeignIncome',
    'isDisabled',
    'receivesAHVIV',
    'hasTaxIdentificationNumber',
    'hasPowerOfAttorney',
  ],
  employment: ['employmentType', 'hasPillar3a', 'hasPension'],
  alimony: ['paysAlimony', 'alimonyAmount', 'alimonyDuration'],
  metadata: ['submitDate', 'userId', 'taxYear', 'profileVersion', 'completionStatus', 'dataValidated'],
} as const satisfies Record<string, readonly string[]>

/** The payload groups, ready for POST /api/tax/save-declaration. */
export function buildDeclaration(
  draft: Record<string, unknown>,
  userId: number,
  taxYear: number,
  now: Date = new Date(),
) {
  const d = withDefaults(draft)
  const F = DECLARATION_FIELDS
  return {
    personalInfo: pick(d, F.personalInfo),
    location: pick(d, F.location),
    personalStatus: pick(d, F.personalStatus),
    realEstate: pick(d, F.realEstate),
    children: pick(d, F.children),
    taxFeatures: pick(d, F.taxFeatures),
    employment: pick(d, F.employment),
    alimony: pick(d, F.alimony),
    metadata: {
      submitDate: now.toISOString(),
      userId,
      taxYear,
      profileVersion: PROFILE_VERSION,
      completionStatus: 'complete',
      dataValidated: true,
    },
  }
}

/** The download name the spec gives the declaration: tax_declaration_{userId}_{date}.json. */
export const declarationFilename = (userId: number, now: Date = new Date()) =>
  `tax_declaration_${userId}_${now.toISOString().slice(0, 10)}.json`
