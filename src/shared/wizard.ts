import { checkProfileField, type ProfileError, type ProfileField } from './profile'

/**
 * The 12 steps of the tax-setup wizard and the fields each requires (spec part 2
 * §2 and §5 "Wizard required fields"). The client disables Next with these; the
 * server refuses the 1→2 move with the first missing field.
 */
export interface WizardStep {
  id: number
  key: string
  /** Fields that must be non-empty. */
  required: readonly ProfileField[]
  /** Yes/no fields that pass once a value exists (their default applies when moving on). */
  yesNo?: readonly ProfileField[]
}

export const WIZARD_STEPS: readonly WizardStep[] = [
  {
    id: 1,
    key: 'personal',
    required: ['salutation', 'lastName', 'firstName', 'dateOfBirth', 'religion', 'phone', 'jobName'],
  },
  { id: 2, key: 'canton', required: ['cantonOfResidence'] },
  { id: 3, key: 'tax_address', required: [] },
  { id: 4, key: 'address', required: ['street', 'zipCode', 'city', 'gemeinde'] },
  { id: 5, key: 'moved', required: [], yesNo: ['movedDuringYear'] },
  { id: 6, key: 'firefighter', required: [] },
  { id: 7, key: 'marital', required: ['maritalStatus'] },
  { id: 8, key: 'real_estate', required: [], yesNo: ['propertyOwner'] },
  { id: 9, key: 'children', required: [], yesNo: ['hasChildren'] },
  { id: 10, key: 'advanced', required: [] },
  { id: 11, key: 'pillar3a', required: [], yesNo: ['hasPillar3a'] },
  { id: 12, key: 'employment', required: ['employmentType'] },
]

/** Defaults of the yes/no steps when the user moves on without a choice. */
export const YES_NO_DEFAULTS: Partial<Record<ProfileField, string | boolean>> = {
  movedDuringYear: 'no',
  propertyOwner: false,
  hasChildren: false,
  hasPillar3a: false,
}

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

/** The first field a step still needs, or null when the step is complete. */
export function firstMissingInStep(step: WizardStep, profile: Record<string, unknown>): string | null {
  for (const f of step.required) if (isEmpty(profile[f])) return f
  for (const f of step.yesNo ?? []) if (isEmpty(profile[f])) return f
  return null
}

/** The first field the whole wizard still needs, or null when the profile is ready for status 2. */
export function firstMissingWizardField(profile: Record<string, unknown>): string | null {
  for (const step of WIZARD_STEPS) {
    const missing = firstMissingInStep(step, profile)
    if (missing) return missing
  }
  return null
}

/**
 * The first filled-in required field of a step that the profile rules refuse (a postal code
 * that is not Swiss, a date of birth in the future, a phone of two digits), or null. The
 * wizard keeps Next disabled on it, rather than failing at Complete eight steps later.
 */
export function firstInvalidInStep(
  step: WizardStep,
  profile: Record<string, unknown>,
  today: Date = new Date(),
): ProfileError | null {
  for (const f of step.required) {
    if (isEmpty(profile[f])) continue
    const e = checkProfileField(f, profile[f], today)
    if (e) return e
  }
  return null
}
