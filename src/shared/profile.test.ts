import { describe, expect, test } from 'bun:test'
import {
  checkProfileField,
  clampChildAge,
  COUNTRY_CODES,
  currentAnswer,
  hasRegistrationFields,
  isSwissZip,
  phoneDigits,
  profileReminders,
  showsAlimony,
  validateProfile,
  withoutHiddenAnswers,
} from './profile'
import {
  WIZARD_STEPS,
  firstInvalidInStep,
  firstMissingInStep,
  firstMissingWizardField,
  YES_NO_DEFAULTS,
} from './wizard'

const TODAY = new Date('2026-11-22T12:00:00')

describe('profile rules', () => {
  test("the spec's texts for the required fields", () => {
    expect(checkProfileField('firstName', '')!.message).toBe('First name is required for proper folder naming')
    expect(checkProfileField('lastName', ' ')!.message).toBe('Last name is required for proper folder naming')
    expect(checkProfileField('phone', undefined)!.message).toBe('Phone number is required')
    expect(checkProfileField('firstName', 'Anna')).toBeNull()
  })

  test('nine supported country codes, +41 first', () => {
    expect(COUNTRY_CODES.map((c) => c.code)).toEqual(['+41', '+49', '+33', '+39', '+43', '+423', '+32', '+352', '+34'])
    for (const c of COUNTRY_CODES) expect(checkProfileField('countryCode', c.code)).toBeNull()
    expect(checkProfileField('countryCode', '+1')!.field).toBe('countryCode')
  })

  test('phone: digits only', () => {
    expect(phoneDigits('+41 (79) 123-45 67')).toBe('41791234567')
    expect(checkProfileField('phone', '791234567')).toBeNull()
    expect(checkProfileField('phone', '79 123')!.key).toBe('errors.phone_digits')
    expect(checkProfileField('phone', '12')!.key).toBe('errors.phone_digits')
  })

  test('Swiss postal codes', () => {
    for (const ok of ['1000', '3011', '8001', '9658']) expect(isSwissZip(ok)).toBe(true)
    for (const bad of ['0999', '999', '80331', '9700', '80a1', '']) expect(isSwissZip(bad)).toBe(false)
  })

  test('date of birth lies in the past', () => {
    expect(checkProfileField('dateOfBirth', '2026-11-21', TODAY)).toBeNull()
    expect(checkProfileField('dateOfBirth', '2026-11-22', TODAY)!.key).toBe('errors.date_of_birth_past')
    expect(checkProfileField('dateOfBirth', '2026-02-29', TODAY)!.key).toBe('errors.date_of_birth')
  })

  test("children's ages: 0..18, clamped when typed", () => {
    expect(checkProfileField('childrenAges', [0, 18])).toBeNull()
    expect(checkProfileField('childrenAges', [19])!.key).toBe('errors.child_age')
    expect(checkProfileField('childrenAges', [2.5])!.key).toBe('errors.child_age')
    expect([clampChildAge('25'), clampChildAge(''), clampChildAge('-3'), clampChildAge('7x')]).toEqual([18, 0, 3, 7])
    expect(validateProfile({ numberOfChildren: 2, childrenAges: [4] })!.field).toBe('childrenAges')
  })

  test('canton slugs, accents folded', () => {
    expect(checkProfileField('cantonOfResidence', 'graubunden')).toBeNull()
    expect(checkProfileField('cantonOfResidence', 'graubünden')!.field).toBe('cantonOfResidence')
  })

  test('enumerations', () => {
    expect(checkProfileField('maritalStatus', 'widowed')).toBeNull()
    // No civil status "company", one Reformed church (issue 25): the server refuses what the form no longer offers.
    expect(checkProfileField('maritalStatus', 'company')!.field).toBe('maritalStatus')
    expect(checkProfileField('religion', 'Reformed')!.field).toBe('religion')
    expect(checkProfileField('religion', 'Evangelical Reformed')).toBeNull()
    expect(checkProfileField('employmentType', 'self-employed')).toBeNull()
    expect(checkProfileField('religion', 'Other/None')).toBeNull()
    expect(checkProfileField('housingSituation', 'hotel')!.message).toContain("'housingSituation'")
  })

  test('an answer stored for a retired option becomes its successor, or is asked again', () => {
    expect(currentAnswer('religion', 'Reformed')).toBe('Evangelical Reformed')
    expect(currentAnswer('maritalStatus', 'company')).toBeUndefined()
    expect(currentAnswer('maritalStatus', 'married')).toBe('married')
    expect(currentAnswer('city', 'Reformed')).toBe('Reformed')
  })

  test('validateProfile checks only what is sent and ignores other keys', () => {
    expect(validateProfile({ city: 'Bern', name: 'x', agreeToTerms: true })).toBeNull()
    expect(validateProfile({ zipCode: '80331', salutation: 'dr' })!.field).toBe('salutation')
  })

  test('registration fields, alimony visibility, reminders', () => {
    expect(hasRegistrationFields({ firstName: 'A', lastName: 'B', phone: '' })).toBe(false)
    expect(hasRegistrationFields({ firstName: 'A', lastName: 'B', phone: '791234567' })).toBe(true)
    expect(showsAlimony({ maritalStatus: 'divorced', hasChildren: true })).toBe(true)
    expect(showsAlimony({ maritalStatus: 'separated', hasChildren: false })).toBe(false)
    expect(showsAlimony({ maritalStatus: 'married', hasChildren: true })).toBe(false)
    // Alimony answered, then the marital status changed: the hidden answer is cleared.
    expect(
      withoutHiddenAnswers({
        maritalStatus: 'married',
        hasChildren: true,
        paysAlimony: true,
        alimonyAmount: 500,
        alimonyDuration: '12',
      }),
    ).toEqual({
      maritalStatus: 'married',
      hasChildren: true,
      paysAlimony: false,
      alimonyAmount: null,
      alimonyDuration: null,
    })
    const shown = {
      maritalStatus: 'divorced',
      hasChildren: true,
      paysAlimony: true,
      alimonyAmount: 500,
      alimonyDuration: '12',
    }
    expect(withoutHiddenAnswers(shown)).toBe(shown)
    expect(profileReminders({})).toEqual(['name', 'phone', 'address', 'tax_profile'])
    expect(
      profileReminders({
        firstName: 'A',
        lastName: 'B',
        phone: '1234',
        street: 'S',
        city: 'C',
        isTaxProfileComplete: true,
      }),
    ).toEqual([])
  })
})

describe('wizard required fields', () => {
  const full: Record<string, unknown> = {
    salutation: 'mr',
    lastName: 'M',
    firstName: 'A',
    dateOfBirth: '1990-01-01',
    religion: 'Evangelical Reformed',
    phone: '791234567',
    jobName: 'Cook',
    cantonOfResidence: 'bern',
    street: 'Bundesgasse',
    zipCode: '3011',
    city: 'Bern',
    gemeinde: 'Bern',
    movedDuringYear: 'no',
    maritalStatus: 'individual',
    propertyOwner: false,
    hasChildren: false,
    hasPillar3a: false,
    employmentType: 'employed',
  }
  test('12 steps; each step names its first missing field', () => {
    expect(WIZARD_STEPS).toHaveLength(12)
    expect(firstMissingInStep(WIZARD_STEPS[0]!, { ...full, jobName: '' })).toBe('jobName')
    expect(firstMissingInStep(WIZARD_STEPS[1]!, {})).toBe('cantonOfResidence')
    expect(firstMissingInStep(WIZARD_STEPS[2]!, {})).toBeNull()
    expect(firstMissingInStep(WIZARD_STEPS[3]!, { street: 'x', zipCode: '3011', city: 'Bern' })).toBe('gemeinde')
    expect(firstMissingInStep(WIZARD_STEPS[6]!, {})).toBe('maritalStatus')
    expect(firstMissingInStep(WIZARD_STEPS[11]!, {})).toBe('employmentType')
  })
  test('yes/no steps pass once a value exists, false included; their defaults', () => {
    expect(firstMissingInStep(WIZARD_STEPS[8]!, { hasChildren: false })).toBeNull()
    expect(firstMissingInStep(WIZARD_STEPS[8]!, {})).toBe('hasChildren')
    expect(YES_NO_DEFAULTS).toEqual({
      movedDuringYear: 'no',
      propertyOwner: false,
      hasChildren: false,
      hasPillar3a: false,
    })
  })
  test('a filled-in required field that the profile rules refuse blocks its step', () => {
    const today = new Date('2026-11-22T12:00:00')
    expect(
      firstInvalidInStep(
        WIZARD_STEPS[3]!,
        { street: 'Bundesgasse 3', zipCode: '123', city: 'Bern', gemeinde: 'Bern' },
        today,
      )?.field,
    ).toBe('zipCode')
    expect(
      firstInvalidInStep(
        WIZARD_STEPS[3]!,
        { street: 'Bundesgasse 3', zipCode: '9700', city: 'Bern', gemeinde: 'Bern' },
        today,
      )?.key,
    ).toBe('errors.zip_code')
    expect(firstInvalidInStep(WIZARD_STEPS[0]!, { ...full, dateOfBirth: '2030-01-01' }, today)?.key).toBe(
      'errors.date_of_birth_past',
    )
    expect(firstInvalidInStep(WIZARD_STEPS[0]!, { ...full, phone: '12' }, today)?.key).toBe('errors.phone_digits')
    expect(firstInvalidInStep(WIZARD_STEPS[0]!, full, today)).toBeNull()
    expect(firstInvalidInStep(WIZARD_STEPS[3]!, full, today)).toBeNull()
    // Empty fields are the missing-field check's business, not this one's.
    expect(firstInvalidInStep(WIZARD_STEPS[3]!, {}, today)).toBeNull()
  })
  test('the whole wizard', () => {
    expect(firstMissingWizardField(full)).toBeNull()
    expect(firstMissingWizardField({ ...full, cantonOfResidence: null })).toBe('cantonOfResidence')
  })
})

describe('declaration payload', () => {
  test("groups, the spec's defaults for empty values, and the metadata", async () => {
    const { buildDeclaration, declarationFilename, withDefaults } = await import('./declaration')
    const now = new Date('2026-03-01T10:00:00Z')
    const d = buildDeclaration(
      { firstName: 'Anna', hasChildren: true, numberOfChildren: 1, childrenAges: [7], hasPowerOfAttorney: true },
      5,
      2025,
      now,
    )
    expect(Object.keys(d)).toEqual([
      'personalInfo',
      'location',
      'personalStatus',
      'realEstate',
      'children',
      'taxFeatures',
      'employment',
      'alimony',
      'metadata',
    ])
    expect(d.personalInfo).toMatchObject({ salutation: 'mr', religion: 'Other/None', firstName: 'Anna' })
    expect(d.location).toMatchObject({ movedDuringYear: 'no', housingSituation: 'renter' })
    expect(d.personalStatus).toEqual({ isFirefighter: false, maritalStatus: 'individual' })
    expect(d.realEstate).toMatchObject({ propertyOwner: false, numberOfProperties: 0 })
    expect(d.children).toEqual({ hasChildren: true, numberOfChildren: 1, childrenAges: [7] })
    expect(d.taxFeatures).toMatchObject({ hasPowerOfAttorney: true, hasInvestments: false })
    expect(d.employment).toEqual({ employmentType: 'employed', hasPillar3a: false, hasPension: false })
    expect(d.metadata).toEqual({
      submitDate: now.toISOString(),
      userId: 5,
      taxYear: 2025,
      profileVersion: '1.0',
      completionStatus: 'complete',
      dataValidated: true,
    })
    expect(declarationFilename(5, now)).toBe('tax_declaration_5_2026-03-01.json')
    // Chosen values are never replaced by defaults, false included.
    expect(withDefaults({ maritalStatus: 'married', hasPillar3a: true, propertyOwner: false })).toMatchObject({
      maritalStatus: 'married',
      hasPillar3a: true,
      propertyOwner: false,
    })
  })
})
