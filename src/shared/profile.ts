/**
 * The profile form's fields and rules (spec part 2 §3 and §5 "Profile form"), written once:
 * the profile screen and the wizard check with these before sending, and the server checks
 * again on PUT /api/user/profile.
 */
import { CANTON_SLUGS } from './cantons'
import { hasUnsafeLineCharacters } from './plain-text'

/** Supported phone country codes (spec part 2 §3), Switzerland first: the default. */
export const COUNTRY_CODES = [
  { code: '+41', country: 'CH' },
  { code: '+49', country: 'DE' },
  { code: '+33', country: 'FR' },
  { code: '+39', country: 'IT' },
  { code: '+43', country: 'AT' },
  { code: '+423', country: 'LI' },
  { code: '+32', country: 'BE' },
  { code: '+352', country: 'LU' },
  { code: '+34', country: 'ES' },
] as const
export const DEFAULT_COUNTRY_CODE = '+41'
const COUNTRY_CODE_SET: ReadonlySet<string> = new Set(COUNTRY_CODES.map((c) => c.code))

export const SALUTATIONS = ['mr', 'mrs'] as const
/**
 * Stored as the spec names them; the client translates them through religion.* keys. The spec's 'Reformed' and
 * 'Evangelical Reformed' are one church in Switzerland (evangelisch-reformiert): one option (issue 25).
 */
export const RELIGIONS = ['Roman Catholic', 'Evangelical Reformed', 'Christian Catholic', 'Other/None'] as const
export const YES_NO = ['yes', 'no'] as const
export const HOUSING_SITUATIONS = ['owner', 'renter', 'living_with_parents', 'other'] as const
/** The civil status; the spec's "company" is no civil status (self-employment is an employment type, issue 25). */
export const MARITAL_STATUSES = ['individual', 'married', 'separated', 'divorced', 'widowed'] as const
export const PROPERTY_USES = ['owner-occupied', 'rented'] as const
export const EMPLOYMENT_TYPES = ['employed', 'self-employed', 'farmer', 'mixed', 'retired', 'unemployed'] as const
export const TAXATION_LEVELS = ['cantonal', 'communal', 'federal'] as const
export const SUBSCRIPTION_PLANS = ['basic', 'premium'] as const
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number]
/** Every account starts on basic; experts move it to premium (issue 12). */
export const DEFAULT_PLAN: SubscriptionPlan = 'basic'

export const MAX_CHILD_AGE = 18
export const MAX_CHILDREN = 20
/** The age a new child starts with in the wizard (spec part 2 §4 "Wizard"). */
export const DEFAULT_CHILD_AGE = 7

export const ENUM_FIELDS: Readonly<Record<string, readonly string[]>> = {
  salutation: SALUTATIONS,
  religion: RELIGIONS,
  movedDuringYear: YES_NO,
  housingSituation: HOUSING_SITUATIONS,
  maritalStatus: MARITAL_STATUSES,
  propertyUse: PROPERTY_USES,
  employmentType: EMPLOYMENT_TYPES,
  taxationLevel: TAXATION_LEVELS,
}

/** Values an earlier version stored, and what they are now (none: the question is asked again). */
const RETIRED_VALUES: Readonly<Record<string, Readonly<Record<string, string | undefined>>>> = {
  religion: { Reformed: 'Evangelical Reformed' },
  maritalStatus: { company: undefined },
}

/**
 * A stored answer as today's options know it: a value of a retired option becomes its successor, or undefined when
 * it has none (the form then asks again, rather than send a value the server now refuses).
 */
export function currentAnswer(field: string, value: unknown): unknown {
  const retired = RETIRED_VALUES[field]
  return typeof value === 'string' && retired && value in retired ? retired[value] : value
}

/** Free-text fields and their longest accepted length. */
export const TEXT_FIELDS: Readonly<Record<string, number>> = {
  firstName: 100,
  lastName: 100,
  jobName: 100,
  taxAddress: 200,
  street: 200,
  city: 100,
  gemeinde: 100,
  propertyCountry: 100,
}

/** Alimony duration (spec part 2 §3: text, months): up to three digits; the wizard's field keeps only those. */
export const ALIMONY_MONTHS_DIGITS = 3
export const toAlimonyMonths = (text: string) => text.replace(/\D/g, '').slice(0, ALIMONY_MONTHS_DIGITS)

export const BOOLEAN_FIELDS = [
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
] as const

/** Every field PUT /api/user/profile takes (spec part 2 §3 "Profile form fields"). */
export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'countryCode',
  'salutation',
  'dateOfBirth',
  'religion',
  'jobName',
  'taxAddress',
  'cantonOfResidence',
  'street',
  'zipCode',
  'city',
  'gemeinde',
  'movedDuringYear',
  'housingSituation',
  'isFirefighter',
  'maritalStatus',
  'propertyOwner',
  'numberOfProperties',
  'propertyCountry',
  'propertyUse',
  'hasChildren',
  'numberOfChildren',
  'childrenAges',
  'hasInvestments',
  'hasForeignIncome',
  'isDisabled',
  'receivesAHVIV',
  'hasTaxIdentificationNumber',
  'hasPowerOfAttorney',
  'employmentType',
  'paysAlimony',
  'alimonyAmount',
  'alimonyDuration',
  'hasPillar3a',
  'hasPension',
  'taxationLevel',
] as const
export type ProfileField = (typeof PROFILE_FIELDS)[number]

/** A refused field: `key` is a profile:errors.* translation key, `message` the English text the server sends. */
export interface ProfileError {
  field: string
  key: string
  message: string
}

const err = (field: string, key: string, message: string): ProfileError => ({ field, key, message })

/** Keeps digits only (spec part 2 §5: "Phone input keeps digits only"). */
export const phoneDigits = (input: string) => input.replace(/\D/g, '')

/** Swiss postal codes are four digits from 1000 to 9699 (9700+ are not Swiss). */
export const isSwissZip = (zip: string) => /^\d{4}$/.test(zip) && Number(zip) >= 1000 && Number(zip) <= 9699

/** YYYY-MM-DD of a real calendar day. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const d = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value
}

/** YYYY-MM-DD of `d` in local time (today for the date-of-birth checks and the date picker's max). */
export const localIso = (d: Date = new Date()) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`

/** Clamps a typed child age: digits only, empty becomes 0, capped at 0..18 (spec part 2 §5). */
export function clampChildAge(input: string | number): number {
  const n = typeof input === 'number' ? input : Number(String(input).replace(/\D/g, '') || '0')
  if (!Number.isFinite(n)) return 0
  return Math.min(MAX_CHILD_AGE, Math.max(0, Math.trunc(n)))
}

/** Alimony fields show only when divorced or separated with children (spec part 2 §5). */
export const showsAlimony = (p: { maritalStatus?: unknown; hasChildren?: unknown }) =>
  (p.maritalStatus === 'divorced' || p.maritalStatus === 'separated') && p.hasChildren === true

/**
 * Clears answers the wizard no longer shows: alimony once the marital status or the children
 * no longer call for it (a hidden 'yes' must not reach the profile or the declaration).
 */
export function withoutHiddenAnswers(p: Record<string, unknown>): Record<string, unknown> {
  if (showsAlimony(p) || (p.paysAlimony !== true && p.alimonyAmount == null && !p.alimonyDuration)) return p
  return { ...p, paysAlimony: false, alimonyAmount: null, alimonyDuration: null }
}

/**
 * Checks one field's value. `null` clears an optional field. Returns the refusal or null.
 * `today` decides what "in the past" means for the date of birth.
 */
export function checkProfileField(field: string, value: unknown, today: Date = new Date()): ProfileError | null {
  if (field === 'firstName' || field === 'lastName' || field === 'phone') {
    if (typeof value !== 'string' || !value.trim()) {
      if (field === 'firstName')
        return err(field, 'errors.first_name_required', 'First name is required for proper folder naming')
      if (field === 'lastName')
        return err(field, 'errors.last_name_required', 'Last name is required for proper folder naming')
      return err(field, 'errors.phone_required', 'Phone number is required')
    }
  }
  if (value === null) {
    if (field === 'countryCode')
      return err(field, 'errors.country_code', `Invalid field 'countryCode': choose one of the supported country codes`)
    return null
  }
  if (field === 'phone') {
    const v = value as string
    if (!/^\d+$/.test(v) || v.length < 4 || v.length > 15)
      return err(field, 'errors.phone_digits', `Invalid field 'phone': digits only, 4 to 15 of them`)
    return null
  }
  if (field === 'countryCode') {
    return typeof value === 'string' && COUNTRY_CODE_SET.has(value)
      ? null
      : err(field, 'errors.country_code', `Invalid field 'countryCode': choose one of the supported country codes`)
  }
  const byKind = checkByKind(field, value)
  return byKind !== undefined ? byKind : checkSpecialField(field, value, today)
}

/** Text, choice and yes/no fields, checked by their kind; undefined for a field of none of these kinds. */
function checkByKind(field: string, value: unknown): ProfileError | null | undefined {
  if (field in TEXT_FIELDS) {
    if (typeof value !== 'string') return err(field, 'errors.invalid', `Invalid field '${field}': expected text`)
    if (value.length > TEXT_FIELDS[field]!)
      return err(field, 'errors.too_long', `Invalid field '${field}': at most ${TEXT_FIELDS[field]} characters`)
    if (hasUnsafeLineCharacters(value))
      return err(field, 'errors.control_characters', `Invalid field '${field}': line breaks and control characters`)
    return null
  }
  if (field in ENUM_FIELDS) {
    if (typeof value === 'string' && ENUM_FIELDS[field]!.includes(value)) return null
    return err(
      field,
      'errors.invalid_choice',
      `Invalid field '${field}': must be one of ${ENUM_FIELDS[field]!.join(', ')}`,
    )
  }
  if ((BOOLEAN_FIELDS as readonly string[]).includes(field)) {
    return typeof value === 'boolean'
      ? null
      : err(field, 'errors.invalid', `Invalid field '${field}': expected true or false`)
  }
  return undefined
}

/** The fields with a rule of their own (canton, postal code, date of birth, numbers, alimony). */
function checkSpecialField(field: string, value: unknown, today: Date): ProfileError | null {
  switch (field) {
    case 'cantonOfResidence':
      return typeof value === 'string' && CANTON_SLUGS.has(value)
        ? null
        : err(field, 'errors.canton', `Invalid field 'cantonOfResidence': not one of the 26 cantons`)
    case 'zipCode':
      return typeof value === 'string' && isSwissZip(value)
        ? null
        : err(field, 'errors.zip_code', `Invalid field 'zipCode': a Swiss postal code has four digits (1000 to 9699)`)
    case 'dateOfBirth': {
      if (typeof value !== 'string' || !isIsoDate(value))
        return err(field, 'errors.date_of_birth', `Invalid field 'dateOfBirth': expected a date (YYYY-MM-DD)`)
      if (value >= localIso(today) || value < '1900-01-01')
        return err(field, 'errors.date_of_birth_past', `Invalid field 'dateOfBirth': must lie in the past`)
      return null
    }
    case 'numberOfProperties':
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 99
        ? null
        : err(field, 'errors.invalid_number', `Invalid field 'numberOfProperties': a whole number from 0 to 99`)
    case 'numberOfChildren':
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_CHILDREN
        ? null
        : err(
            field,
            'errors.invalid_number',
            `Invalid field 'numberOfChildren': a whole number from 0 to ${MAX_CHILDREN}`,
          )
    case 'childrenAges':
      if (!Array.isArray(value) || value.length > MAX_CHILDREN)
        return err(field, 'errors.invalid', `Invalid field 'childrenAges': expected a list of ages`)
      return value.every((a) => Number.isInteger(a) && a >= 0 && a <= MAX_CHILD_AGE)
        ? null
        : err(field, 'errors.child_age', `Invalid field 'childrenAges': each age is from 0 to ${MAX_CHILD_AGE}`)
    case 'alimonyDuration':
      return typeof value === 'string' && value === toAlimonyMonths(value)
        ? null
        : err(
            field,
            'errors.invalid_number',
            `Invalid field 'alimonyDuration': a number of months, at most ${ALIMONY_MONTHS_DIGITS} digits`,
          )
    case 'alimonyAmount':
      return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1_000_000
        ? null
        : err(field, 'errors.invalid_number', `Invalid field 'alimonyAmount': an amount in CHF per month, 0 or more`)
  }
  return err(field, 'errors.unknown_field', `Unknown field '${field}'`)
}

/**
 * Checks every profile field present in `input` (others are left alone), in the form's order,
 * and returns the first refusal. Fields that are not profile fields are ignored.
 */
export function validateProfile(input: Record<string, unknown>, today: Date = new Date()): ProfileError | null {
  for (const field of PROFILE_FIELDS) {
    if (!Object.hasOwn(input, field) || input[field] === undefined) continue
    const e = checkProfileField(field, input[field], today)
    if (e) return e
  }
  // The wizard's counters start at one: a yes needs at least one child or property.
  if (
    input.hasChildren === true &&
    Number.isInteger(input.numberOfChildren) &&
    (input.numberOfChildren as number) < 1
  ) {
    return err('numberOfChildren', 'errors.children_min', `Invalid field 'numberOfChildren': with children, at least 1`)
  }
  if (
    input.propertyOwner === true &&
    Number.isInteger(input.numberOfProperties) &&
    (input.numberOfProperties as number) < 1
  ) {
    return err(
      'numberOfProperties',
      'errors.properties_min',
      `Invalid field 'numberOfProperties': as a property owner, at least 1`,
    )
  }
  if (
    Array.isArray(input.childrenAges) &&
    Number.isInteger(input.numberOfChildren) &&
    input.childrenAges.length !== input.numberOfChildren
  ) {
    return err(
      'childrenAges',
      'errors.children_count',
      `Invalid field 'childrenAges': one age per child (${input.numberOfChildren})`,
    )
  }
  return null
}

/** What first-time registration needs before the terms can be ticked and the form saved. */
export const hasRegistrationFields = (p: { firstName?: unknown; lastName?: unknown; phone?: unknown }) =>
  [p.firstName, p.lastName, p.phone].every((v) => typeof v === 'string' && v.trim() !== '')

/** The profile reminders of spec part 1 §5, in the order the user should act on them. */
export const REMINDERS = ['name', 'phone', 'address', 'tax_profile'] as const
export type Reminder = (typeof REMINDERS)[number]

/**
 * Which reminders apply: the server sends them as notifications, the profile
 * screen lists them. No plan reminder: every account starts on basic (issue 12, "no nagging reminder").
 */
export function profileReminders(p: {
  firstName?: unknown
  lastName?: unknown
  phone?: unknown
  street?: unknown
  city?: unknown
  isTaxProfileComplete?: unknown
}): Reminder[] {
  const blank = (v: unknown) => typeof v !== 'string' || v.trim() === ''
  const out: Reminder[] = []
  if (blank(p.firstName) || blank(p.lastName)) out.push('name')
  if (blank(p.phone)) out.push('phone')
  if (blank(p.street) || blank(p.city)) out.push('address')
  if (p.isTaxProfileComplete !== true) out.push('tax_profile')
  return out
}
