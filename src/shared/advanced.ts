/**
 * Advanced tax information (spec part 2 §2–§5, docs/advanced.md): the seven sections, the spouse,
 * children and authorization rules, and what "Finish Section" needs. The server enforces these;
 * the client uses the same functions for early feedback and for the texts (advanced:errors.*).
 */
import { ahvProblem, formatAhv, AHV_FORMAT } from './ahv'
import { taxIdRule } from './tax-id'
import { categoryById } from './documents'
import { hasUnsafeLineCharacters } from './plain-text'

export type SectionId =
  | 'authorization'
  | 'investments'
  | 'deductions'
  | 'realEstate'
  | 'foreignIncome'
  | 'spouse'
  | 'children'

export interface SectionDefinition {
  id: SectionId
  /** The spec's toggle key (§9): 1, 10, 3, 13, 17, spouse, children. */
  toggleKey: string
  defaultEnabled: boolean
  alwaysEnabled: boolean
  /** Categories counted for the card's file count (docs/documents.md ranges). */
  countCategoryIds: readonly number[]
  /** Categories the section view offers for upload (none for authorization: it has its own panels). */
  uploadCategoryIds: readonly number[]
  /** Accent colour token of the card (a CSS custom property of the theme). */
  color: string
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

export const SECTIONS: readonly SectionDefinition[] = [
  {
    id: 'authorization',
    toggleKey: '1',
    defaultEnabled: true,
    alwaysEnabled: true,
    countCategoryIds: [1, 2],
    uploadCategoryIds: [],
    color: 'red',
  },
  {
    id: 'investments',
    toggleKey: '10',
    defaultEnabled: false,
    alwaysEnabled: false,
    countCategoryIds: range(10, 12),
    uploadCategoryIds: range(10, 12),
    color: 'blue',
  },
  {
    id: 'deductions',
    toggleKey: '3',
    defaultEnabled: false,
    alwaysEnabled: false,
    countCategoryIds: range(3, 5),
    uploadCategoryIds: range(3, 5),
    color: 'green',
  },
  {
    id: 'realEstate',
    toggleKey: '13',
    defaultEnabled: false,
    alwaysEnabled: false,
    countCategoryIds: range(13, 16),
    uploadCategoryIds: range(13, 16),
    color: 'amber',
  },
  {
    id: 'foreignIncome',
    toggleKey: '17',
    defaultEnabled: false,
    alwaysEnabled: false,
    countCategoryIds: range(17, 20),
    uploadCategoryIds: range(17, 20),
    color: 'purple',
  },
  {
    id: 'spouse',
    toggleKey: 'spouse',
    defaultEnabled: false,
    alwaysEnabled: false,
    countCategoryIds: range(26, 30),
    uploadCategoryIds: range(26, 30),
    color: 'teal',
  },
  {
    id: 'children',
    toggleKey: 'children',
    defaultEnabled: false,
    alwaysEnabled: false,
    countCategoryIds: range(31, 38),
    uploadCategoryIds: range(31, 38),
    color: 'orange',
  },
]

export const SECTION_IDS = SECTIONS.map((s) => s.id)
export const sectionById = (id: string) => SECTIONS.find((s) => s.id === id)
/** The named toggle keys that are not document categories ('spouse', 'children'). */
export const sectionByNamedToggleKey = (key: string) => SECTIONS.find((s) => s.toggleKey === key && !/^\d+$/.test(key))
/**
 * The section whose uploads a category belongs to (spouse 26–30, children 31–38, …). The main
 * categories (the deductions view offers 3–5) belong to the dashboard's checklist, not to a section.
 */
export const sectionOfUploadCategory = (categoryId: number) =>
  categoryById(categoryId)?.section === 'main'
    ? undefined
    : SECTIONS.find((s) => s.uploadCategoryIds.includes(categoryId))

/**
 * A refused field: `code` for the server's answer, `key` (+ params) the advanced:errors.* text, `message` in English.
 */
export interface AdvancedError {
  field: string
  code: string
  key: string
  message: string
  params?: Record<string, string | number>
}
const fail = (
  field: string,
  code: string,
  key: string,
  message: string,
  params?: Record<string, string | number>,
): AdvancedError => ({ field, code, key, message, params })

export const SPOUSE_MIN_AGE = 16
export const SPOUSE_MAX_AGE = 120
export const MAX_CHILDREN_ENTRIES = 15
export const MAX_SCHOOLING_INFO = 500
/** Up to 25 years before the end of the tax year: children in education still count. */
export const MAX_CHILD_YEARS = 25
export const MAX_NAME_LENGTH = 100

export interface SpouseInfo {
  firstName: string
  lastName: string
  age: number | null
  occupation: string
  ahvNumber: string
  taxId: string
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')

function nameError(field: 'firstName' | 'lastName', value: string, prefix = ''): AdvancedError | null {
  const label = field === 'firstName' ? 'First name' : 'Last name'
  if (!value)
    return fail(
      prefix + field,
      field === 'firstName' ? 'FIRST_NAME_REQUIRED' : 'LAST_NAME_REQUIRED',
      `errors.${field === 'firstName' ? 'first_name' : 'last_name'}_required`,
      `${label} is required`,
    )
  if (value.length > MAX_NAME_LENGTH)
    return fail(
      prefix + field,
      'INVALID_INPUT',
      'errors.too_long',
      `Invalid field '${prefix + field}': at most ${MAX_NAME_LENGTH} characters`,
      { max: MAX_NAME_LENGTH },
    )
  return unsafeError(prefix + field, value)
}

/** Line breaks, control and bidi characters in a one-line text (they would reach the experts' mails and PDFs). */
function unsafeError(field: string, value: string): AdvancedError | null {
  return hasUnsafeLineCharacters(value)
    ? fail(
        field,
        'CONTROL_CHARACTERS',
        'errors.control_characters',
        `Invalid field '${field}': line breaks and control characters`,
      )
    : null
}

/**
 * Spouse (spec part 2 §3): names required, age 16..120 when given, the AHV number with its
 * check digit when given (stored formatted), the tax ID in the canton's format when the person's
 * canton is known. Answers the cleaned record or the first problem.
 */
export function validateSpouse(
  input: Record<string, unknown>,
  cantonCode: string | null,
): { ok: SpouseInfo } | { error: AdvancedError } {
  const firstName = text(input.firstName)
  const lastName = text(input.lastName)
  const e = nameError('firstName', firstName) ?? nameError('lastName', lastName)
  if (e) return { error: e }
  let age: number | null = null
  if (input.age !== undefined && input.age !== null && input.age !== '') {
    age = Number(input.age)
    if (!Number.isInteger(age) || age < SPOUSE_MIN_AGE || age > SPOUSE_MAX_AGE) {
      return {
        error: fail(
          'age',
          'INVALID_AGE',
          'errors.age_range',
          `Invalid field 'age': a whole number from ${SPOUSE_MIN_AGE} to ${SPOUSE_MAX_AGE}`,
          { min: SPOUSE_MIN_AGE, max: SPOUSE_MAX_AGE },
        ),
      }
    }
  }
  const occupation = text(input.occupation)
  if (occupation.length > MAX_NAME_LENGTH)
    return {
      error: fail(
        'occupation',
        'INVALID_INPUT',
        'errors.too_long',
        `Invalid field 'occupation': at most ${MAX_NAME_LENGTH} characters`,
        { max: MAX_NAME_LENGTH },
      ),
    }
  const occupationUnsafe = unsafeError('occupation', occupation)
  if (occupationUnsafe) return { error: occupationUnsafe }
  const ahvRaw = text(input.ahvNumber)
  if (ahvRaw) {
    const problem = ahvProblem(ahvRaw)
    if (problem === 'check_digit')
      return {
        error: fail(
          'ahvNumber',
          'INVALID_AHV_NUMBER',
          'errors.ahv_check_digit',
          `Invalid field 'ahvNumber': the check digit does not match`,
        ),
      }
    if (problem)
      return {
        error: fail(
          'ahvNumber',
          'INVALID_AHV_NUMBER',
          'errors.ahv_format',
          `Invalid field 'ahvNumber': expected ${AHV_FORMAT}`,
          { format: AHV_FORMAT },
        ),
      }
  }
  const taxId = text(input.taxId)
  if (taxId && cantonCode) {
    const rule = taxIdRule(cantonCode)
    if (rule && !rule.pattern.test(taxId))
      return {
        error: fail(
          'taxId',
          'INVALID_TAX_ID_FORMAT',
          'errors.tax_id_format',
          `Invalid format. Expected: ${rule.format}`,
          { format: rule.format },
        ),
      }
  }
  if (taxId.length > 20)
    return {
      error: fail('taxId', 'INVALID_INPUT', 'errors.too_long', `Invalid field 'taxId': at most 20 characters`, {
        max: 20,
      }),
    }
  return { ok: { firstName, lastName, age, occupation, ahvNumber: ahvRaw ? formatAhv(ahvRaw) : '', taxId } }
}

export interface ChildInfo {
  firstName: string
  lastName: string
  /** YYYY-MM-DD */
  birthDate: string
  disability: boolean
  schoolingInfo: string
  /** CHF per month received for this child. */
  alimony: number
}

/** Old entries with a single `name` (spec part 2 §3): the first word is the first name, the rest the last name. */
export function splitLegacyName(entry: Record<string, unknown>): Record<string, unknown> {
  if (typeof entry.name !== 'string' || text(entry.firstName) || text(entry.lastName)) return entry
  const [first = '', ...rest] = entry.name.trim().split(/\s+/)
  return { ...entry, firstName: first, lastName: rest.join(' ') }
}

const isIsoDay = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v

/** A child's birth date: a real day, not after `today`, not more than MAX_CHILD_YEARS before the end of the year. */
function birthDateError(birthDate: string, index: number, taxYear: number, today: string): AdvancedError | null {
  const prefix = `children.${index}.`
  if (!isIsoDay(birthDate))
    return fail(
      `${prefix}birthDate`,
      'INVALID_BIRTH_DATE',
      'errors.birth_date_required',
      `Invalid field '${prefix}birthDate': a date (YYYY-MM-DD) is required`,
      { child: index + 1 },
    )
  if (birthDate > today)
    return fail(
      `${prefix}birthDate`,
      'INVALID_BIRTH_DATE',
      'errors.birth_date_future',
      `Invalid field '${prefix}birthDate': the date is in the future`,
      { child: index + 1 },
    )
  const earliest = `${taxYear - MAX_CHILD_YEARS}-12-31`
  if (birthDate < earliest)
    return fail(
      `${prefix}birthDate`,
      'INVALID_BIRTH_DATE',
      'errors.birth_date_too_old',
      `Invalid field '${prefix}birthDate': at most ${MAX_CHILD_YEARS} years before the end of ${taxYear}`,
      { child: index + 1, years: MAX_CHILD_YEARS },
    )
  return null
}

/**
 * One child: names, a real birth date not after `today` and not more than 25 years before the
 * end of the tax year, disability yes/no, schooling text up to 500, alimony ≥ 0.
 */
export function validateChild(
  raw: Record<string, unknown>,
  index: number,
  taxYear: number,
  today: string,
): { ok: ChildInfo } | { error: AdvancedError } {
  const input = splitLegacyName(raw)
  const prefix = `children.${index}.`
  const firstName = text(input.firstName)
  const lastName = text(input.lastName)
  const e = nameError('firstName', firstName, prefix) ?? nameError('lastName', lastName, prefix)
  if (e) return { error: { ...e, params: { ...e.params, child: index + 1 } } }
  const birthDate = text(input.birthDate)
  const birthError = birthDateError(birthDate, index, taxYear, today)
  if (birthError) return { error: birthError }
  if (input.disability !== undefined && typeof input.disability !== 'boolean')
    return {
      error: fail(
        `${prefix}disability`,
        'INVALID_INPUT',
        'errors.invalid',
        `Invalid field '${prefix}disability': expected true or false`,
        { child: index + 1 },
      ),
    }
  const schoolingInfo = text(input.schoolingInfo)
  if (schoolingInfo.length > MAX_SCHOOLING_INFO)
    return {
      error: fail(
        `${prefix}schoolingInfo`,
        'INVALID_INPUT',
        'errors.too_long',
        `Invalid field '${prefix}schoolingInfo': at most ${MAX_SCHOOLING_INFO} characters`,
        { max: MAX_SCHOOLING_INFO },
      ),
    }
  const schoolingUnsafe = unsafeError(`${prefix}schoolingInfo`, schoolingInfo)
  if (schoolingUnsafe) return { error: schoolingUnsafe }
  const alimonyRaw = input.alimony ?? 0
  const alimony = typeof alimonyRaw === 'string' && alimonyRaw.trim() === '' ? 0 : Number(alimonyRaw)
  if (!Number.isFinite(alimony) || alimony < 0 || alimony > 1_000_000)
    return {
      error: fail(
        `${prefix}alimony`,
        'INVALID_ALIMONY',
        'errors.alimony',
        `Invalid field '${prefix}alimony': CHF per month, 0 or more`,
        { child: index + 1 },
      ),
    }
  return {
    ok: {
      firstName,
      lastName,
      birthDate,
      disability: input.disability === true,
      schoolingInfo,
      alimony: Math.round(alimony * 100) / 100,
    },
  }
}

export function validateChildren(
  list: unknown,
  taxYear: number,
  today: string,
): { ok: ChildInfo[] } | { error: AdvancedError } {
  if (!Array.isArray(list))
    return { error: fail('children', 'INVALID_INPUT', 'errors.invalid', `Invalid field 'children': expected a list`) }
  if (list.length > MAX_CHILDREN_ENTRIES)
    return {
      error: fail(
        'children',
        'TOO_MANY_CHILDREN',
        'errors.too_many_children',
        `Invalid field 'children': at most ${MAX_CHILDREN_ENTRIES} children`,
        { max: MAX_CHILDREN_ENTRIES },
      ),
    }
  const out: ChildInfo[] = []
  for (const [i, entry] of list.entries()) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      return {
        error: fail(
          `children.${i}`,
          'INVALID_INPUT',
          'errors.invalid',
          `Invalid field 'children.${i}': expected an object`,
        ),
      }
    const r = validateChild(entry as Record<string, unknown>, i, taxYear, today)
    if ('error' in r) return r
    out.push(r.ok)
  }
  return { ok: out }
}

export interface AuthorizationInput {
  taxAddressEnabled: boolean
  powerOfAttorneyEnabled: boolean
  canton: string
  tinNumber: string
  powerOfAttorneyAccepted: boolean
}

/**
 * Authorization (spec part 2 §5 "Tax ID per canton", §8): with the power of attorney on, the
 * canton and the tax ID are needed ("Missing Information"), the tax ID must have the canton's
 * format ("Invalid format. Expected: {format}") and the power of attorney must be accepted.
 * A canton given without the power of attorney must still be a canton.
 */
export function validateAuthorization(input: AuthorizationInput): AdvancedError | null {
  const canton = input.canton.trim()
  const tin = input.tinNumber.trim()
  if (canton && !taxIdRule(canton))
    return fail('canton', 'INVALID_CANTON', 'errors.canton', `Invalid field 'canton': not a Swiss canton code`)
  if (!input.powerOfAttorneyEnabled) return null
  if (!canton || !tin)
    return fail(
      !canton ? 'canton' : 'tinNumber',
      'MISSING_INFORMATION',
      'errors.missing_information',
      'Missing Information: please select your canton and enter your Tax ID number.',
    )
  const rule = taxIdRule(canton)!
  if (!rule.pattern.test(tin))
    return fail(
      'tinNumber',
      'INVALID_TAX_ID_FORMAT',
      'errors.tax_id_format',
      `Invalid format. Expected: ${rule.format}`,
      { format: rule.format },
    )
  if (!input.powerOfAttorneyAccepted)
    return fail(
      'powerOfAttorneyAccepted',
      'POWER_OF_ATTORNEY_REQUIRED',
      'errors.power_of_attorney_required',
      'Power of Attorney Required: please accept the Power of Attorney to continue.',
    )
  return null
}

/** What "Finish Section" still needs; each is an advanced:missing.* key. Empty: it may complete. */
export type MissingItem = 'spouse' | 'children' | 'power_of_attorney'

export function missingForCompletion(state: {
  enabled: Readonly<Record<SectionId, boolean>>
  hasSpouse: boolean
  childCount: number
  authorization: AuthorizationInput | null
}): MissingItem[] {
  const missing: MissingItem[] = []
  if (state.enabled.spouse && !state.hasSpouse) missing.push('spouse')
  if (state.enabled.children && state.childCount === 0) missing.push('children')
  const a = state.authorization
  if (a?.powerOfAttorneyEnabled && validateAuthorization(a) !== null) missing.push('power_of_attorney')
  return missing
}
