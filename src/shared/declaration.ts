/**
 * The declaration the wizard saves (spec part 2 §3 "Tax declaration payload groups"), with the
 * spec's defaults for empty values: salutation mr, religion Other/None, moved no, housing renter,
 * marital status individual, employment employed, counts 0, flags false.
 */
export const PROFILE_VERSION = '1.0'

const DEFAULTS: Record<string, unknown> = {
  salutation: 'mr', religion: 'Other/None', movedDuringYear: 'no', housingSituation: 'renter', maritalStatus: 'individual', employmentType: 'employed',
}
const FLAGS = ['isFirefighter', 'propertyOwner', 'hasChildren', 'hasInvestments', 'hasForeignIncome', 'isDisabled', 'receivesAHVIV',
  'hasTaxIdentificationNumber', 'hasPowerOfAttorney', 'paysAlimony', 'hasPillar3a', 'hasPension']
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

const pick = (d: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, d[k] ?? null]))

/** The payload groups, ready for POST /api/tax/save-declaration. */
export function buildDeclaration(draft: Record<string, unknown>, userId: number, taxYear: number, now: Date = new Date()) {
  const d = withDefaults(draft)
  return {
    personalInfo: pick(d, ['salutation', 'firstName', 'lastName', 'dateOfBirth', 'religion', 'phone', 'countryCode', 'jobName', 'taxAddress']),
    location: pick(d, ['cantonOfResidence', 'street', 'zipCode', 'city', 'gemeinde', 'movedDuringYear', 'housingSituation']),
    personalStatus: pick(d, ['isFirefighter', 'maritalStatus']),
    realEstate: pick(d, ['propertyOwner', 'numberOfProperties', 'propertyCountry', 'propertyUse']),
    children: pick(d, ['hasChildren', 'numberOfChildren', 'childrenAges']),
    taxFeatures: pick(d, ['hasInvestments', 'hasForeignIncome', 'isDisabled', 'receivesAHVIV', 'hasTaxIdentificationNumber', 'hasPowerOfAttorney']),
    employment: pick(d, ['employmentType', 'hasPillar3a', 'hasPension']),
    alimony: pick(d, ['paysAlimony', 'alimonyAmount', 'alimonyDuration']),
    metadata: { submitDate: now.toISOString(), userId, taxYear, profileVersion: PROFILE_VERSION, completionStatus: 'complete', dataValidated: true },
  }
}

/** The download name the spec gives the declaration: tax_declaration_{userId}_{date}.json. */
export const declarationFilename = (userId: number, now: Date = new Date()) => `tax_declaration_${userId}_${now.toISOString().slice(0, 10)}.json`
