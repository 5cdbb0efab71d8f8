import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  DEFAULT_CHILD_AGE,
  DEFAULT_COUNTRY_CODE,
  EMPLOYMENT_TYPES,
  HOUSING_SITUATIONS,
  MARITAL_STATUSES,
  MAX_CHILDREN,
  PROPERTY_USES,
  RELIGIONS,
  SALUTATIONS,
  clampChildAge,
  showsAlimony,
  toAlimonyMonths,
} from '../../shared/profile'
import { cantonSlug } from '../../shared/cantons'
import { streetLine, type AddressResult } from '../../shared/address'
import { PhoneInput } from '../ui/phone-input'
import { AddressLookup } from '../address/address-lookup'
import { useCantons } from '../cantons/use-cantons'
import { CantonCard } from '../cantons/canton-flag'
import { CantonFilter } from '../cantons/canton-filter'
import { useShownCantons } from '../cantons/canton-names'
import { Choice, FieldError, TextField, YesNo, errorIdOf, useFieldError, type Draft, type SetDraft } from './controls'

/** After a canton pick the view scrolls to the buttons after this pause (spec part 2 §2). */
export const CANTON_SCROLL_MS = 100

type StepProps = { draft: Draft; set: SetDraft; today: string }

const religionKey = (r: string) => `religion.${cantonSlug(r).replace(/-/g, '_')}`

function Personal({ draft, set, today }: StepProps) {
  const { t } = useTranslation(['wizard', 'profile'])
  const phoneError = useFieldError('phone')
  return (
    <>
      <Choice
        legend={t('fields.salutation')}
        name="salutation"
        options={SALUTATIONS}
        value={draft.salutation}
        onChange={(v) => set({ salutation: v })}
        labelOf={(v) => t(`salutation.${v}`)}
      />
      <div className="grid-2">
        <TextField
          id="w-firstName"
          label={t('profile:fields.first_name')}
          required
          autoComplete="given-name"
          value={draft.firstName}
          onChange={(v) => set({ firstName: v })}
        />
        <TextField
          id="w-lastName"
          label={t('profile:fields.last_name')}
          required
          autoComplete="family-name"
          value={draft.lastName}
          onChange={(v) => set({ lastName: v })}
        />
      </div>
      <div className="grid-2">
        <TextField
          id="w-dateOfBirth"
          type="date"
          label={t('fields.date_of_birth')}
          required
          max={today}
          autoComplete="bday"
          value={draft.dateOfBirth}
          onChange={(v) => set({ dateOfBirth: v })}
        />
        <ReligionField value={draft.religion} onChange={(religion) => set({ religion })} />
      </div>
      <PhoneInput
        id="w-phone"
        error={phoneError}
        phone={String(draft.phone ?? '')}
        countryCode={String(draft.countryCode ?? DEFAULT_COUNTRY_CODE)}
        onChange={(v) => set(v)}
      />
      <TextField
        id="w-jobName"
        label={t('fields.job_name')}
        required
        autoComplete="organization-title"
        value={draft.jobName}
        onChange={(v) => set({ jobName: v })}
      />
    </>
  )
}

function ReligionField({ value, onChange }: { value: unknown; onChange: (religion: string) => void }) {
  const { t } = useTranslation('wizard')
  const error = useFieldError('religion')
  return (
    <div className="text-field">
      <label htmlFor="w-religion">{t('fields.religion')} *</label>
      <select
        id="w-religion"
        value={String(value ?? '')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorIdOf('religion') : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="" disabled>
          {t('select')}
        </option>
        {RELIGIONS.map((r) => (
          <option key={r} value={r}>
            {t(religionKey(r))}
          </option>
        ))}
      </select>
      <FieldError field="religion" />
    </div>
  )
}

function Canton({ draft, set }: StepProps) {
  const { t } = useTranslation(['wizard', 'cantons'])
  const all = useCantons()
  const [filter, setFilter] = useState('')
  const cantons = useShownCantons(all, filter)
  const everyCanton = useShownCantons(all)
  const anchor = useRef<HTMLParagraphElement>(null)
  const cantonError = useFieldError('cantonOfResidence')
  const pick = (name: string) => {
    set({ cantonOfResidence: cantonSlug(name) })
    setTimeout(() => anchor.current?.scrollIntoView({ behavior: 'smooth', block: 'center' }), CANTON_SCROLL_MS)
  }
  if (!cantons) return <p aria-busy="true">{t('cantons:loading')}</p>
  const chosen = everyCanton?.find((c) => cantonSlug(c.name) === draft.cantonOfResidence)
  return (
    <>
      <CantonFilter id="w-canton-filter" value={filter} onChange={setFilter} empty={cantons.length === 0} />
      <FieldError field="cantonOfResidence" />
      <ul
        className="canton-grid compact"
        aria-label={t('steps.canton')}
        data-field="cantonOfResidence"
        aria-describedby={cantonError ? errorIdOf('cantonOfResidence') : undefined}
      >
        {cantons.map((c) => {
          const on = cantonSlug(c.name) === draft.cantonOfResidence
          return (
            <li key={c.code}>
              <CantonCard canton={c} selected={on} onSelect={() => pick(c.name)} />
            </li>
          )
        })}
      </ul>
      <p ref={anchor} className="canton-chosen" aria-live="polite">
        {chosen ? t('canton_chosen', { name: chosen.shownName }) : t('canton_hint')}
      </p>
    </>
  )
}

function TaxAddress({ draft, set }: StepProps) {
  const { t } = useTranslation('wizard')
  return (
    <>
      <p>{t('tax_address_text')}</p>
      <TextField
        id="w-taxAddress"
        label={t('fields.tax_address')}
        value={draft.taxAddress}
        hint={t('tax_address_hint')}
        onChange={(v) => set({ taxAddress: v })}
      />
    </>
  )
}

function Address({ draft, set }: StepProps) {
  const { t } = useTranslation('wizard')
  const apply = (a: AddressResult) =>
    set({
      street: streetLine(a) || (typeof draft.street === 'string' ? draft.street : ''),
      zipCode: a.postalCode,
      city: a.city,
      gemeinde: a.gemeinde,
    })
  return (
    <>
      <AddressLookup onSelect={apply} />
      <TextField
        id="w-street"
        label={t('fields.street')}
        required
        autoComplete="address-line1"
        value={draft.street}
        onChange={(v) => set({ street: v })}
      />
      <div className="grid-2">
        <TextField
          id="w-zipCode"
          label={t('fields.zip_code')}
          required
          inputMode="numeric"
          autoComplete="postal-code"
          value={draft.zipCode}
          onChange={(v) => set({ zipCode: v.replace(/\D/g, '').slice(0, 4) })}
        />
        <TextField
          id="w-city"
          label={t('fields.city')}
          required
          autoComplete="address-level2"
          value={draft.city}
          onChange={(v) => set({ city: v })}
        />
      </div>
      <TextField
        id="w-gemeinde"
        label={t('fields.gemeinde')}
        required
        value={draft.gemeinde}
        onChange={(v) => set({ gemeinde: v })}
      />
      <Choice
        legend={t('fields.housing')}
        name="housing"
        options={HOUSING_SITUATIONS}
        value={draft.housingSituation}
        onChange={(v) => set({ housingSituation: v })}
        labelOf={(v) => t(`housing.${v}`)}
      />
    </>
  )
}

function Moved({ draft, set }: StepProps) {
  const { t } = useTranslation('wizard')
  return (
    <YesNo
      label={t('questions.moved')}
      value={draft.movedDuringYear}
      yes="yes"
      no="no"
      onChange={(v) => set({ movedDuringYear: v })}
    />
  )
}

function Firefighter({ draft, set }: StepProps) {
  const { t } = useTranslation('wizard')
  return (
    <YesNo label={t('questions.firefighter')} value={draft.isFirefighter} onChange={(v) => set({ isFirefighter: v })} />
  )
}

function Marital({ draft, set }: StepProps) {
  const { t } = useTranslation('wizard')
  return (
    <Choice
      legend={t('questions.marital')}
      name="marital"
      field="maritalStatus"
      options={MARITAL_STATUSES}
      value={draft.maritalStatus}
      onChange={(v) => set({ maritalStatus: v })}
      labelOf={(v) => t(`marital.${v}`)}
    />
  )
}

function RealEstate({ draft, set }: StepProps) {
  const { t } = useTranslation('wizard')
  return (
    <>
      <YesNo
        label={t('questions.property')}
        value={draft.propertyOwner}
        onChange={(v) =>
          set(
            v
              ? { propertyOwner: true, numberOfProperties: Math.max(1, Number(draft.numberOfProperties) || 1) }
              : { propertyOwner: false, numberOfProperties: 0 },
          )
        }
      />
      {draft.propertyOwner === true && (
        <>
          <TextField
            id="w-properties"
            type="number"
            inputMode="numeric"
            label={t('fields.number_of_properties')}
            value={draft.numberOfProperties}
            onChange={(v) => set({ numberOfProperties: Math.min(99, Math.max(1, Number(v.replace(/\D/g, '')) || 1)) })}
          />
          <TextField
            id="w-propertyCountry"
            label={t('fields.property_country')}
            value={draft.propertyCountry}
            onChange={(v) => set({ propertyCountry: v })}
          />
          <Choice
            legend={t('fields.property_use')}
            name="propertyUse"
            options={PROPERTY_USES}
            value={draft.propertyUse}
            onChange={(v) => set({ propertyUse: v })}
            labelOf={(v) => t(`property_use.${v}`)}
          />
        </>
      )}
    </>
  )
}

function Children({ draft, set }: StepProps) {
  const { t } = useTranslation('wizard')
  const ages = Array.isArray(draft.childrenAges) ? draft.childrenAges.filter((n) => typeof n === 'number') : []
  const setAges = (next: number[]) => set({ childrenAges: next, numberOfChildren: next.length })
  return (
    <>
      <YesNo
        label={t('questions.children')}
        value={draft.hasChildren}
        onChange={(v) =>
          set(
            v
              ? { hasChildren: true, numberOfChildren: 1, childrenAges: [DEFAULT_CHILD_AGE] }
              : { hasChildren: false, numberOfChildren: 0, childrenAges: [] },
          )
        }
      />
      {draft.hasChildren === true && (
        <>
          <div className="counter" role="group" aria-label={t('fields.number_of_children')}>
            <button
              type="button"
              className="outline"
              aria-label={t('remove_child')}
              disabled={ages.length <= 1}
              onClick={() => setAges(ages.slice(0, -1))}
            >
              −
            </button>
            <output aria-live="polite">{t('children_count', { count: ages.length })}</output>
            <button
              type="button"
              className="outline"
              aria-label={t('add_child')}
              disabled={ages.length >= MAX_CHILDREN}
              onClick={() => setAges([...ages, DEFAULT_CHILD_AGE])}
            >
              +
            </button>
          </div>
          <div className="ages">
            {ages.map((age, i) => (
              <TextField
                // biome-ignore lint/suspicious/noArrayIndexKey: the field is "the age of child n", its position
                key={i}
                id={`w-age-${i}`}
                inputMode="numeric"
                label={t('child_age', { n: i + 1 })}
                value={age}
                onChange={(v) => setAges(ages.map((a, j) => (j === i ? clampChildAge(v) : a)))}
              />
            ))}
          </div>
        </>
      )}
    </>
  )
}

function Advanced({ draft, set }: StepProps) {
  const { t } = useTranslation('wizard')
  return (
    <>
      <YesNo
        label={t('questions.investments')}
        value={draft.hasInvestments}
        onChange={(v) => set({ hasInvestments: v })}
      />
      <YesNo
        label={t('questions.foreign_income')}
        value={draft.hasForeignIncome}
        onChange={(v) => set({ hasForeignIncome: v })}
      />
      {showsAlimony(draft) && (
        <section className="alimony">
          <YesNo
            label={t('questions.alimony')}
            value={draft.paysAlimony}
            onChange={(v) =>
              set(v ? { paysAlimony: true } : { paysAlimony: false, alimonyAmount: null, alimonyDuration: null })
            }
          />
          {draft.paysAlimony === true && (
            <div className="grid-2">
              <TextField
                id="w-alimonyAmount"
                inputMode="decimal"
                label={t('fields.alimony_amount')}
                value={draft.alimonyAmount}
                onChange={(v) =>
                  set({ alimonyAmount: v === '' ? null : Math.max(0, Number(v.replace(/[^\d.]/g, '')) || 0) })
                }
              />
              <TextField
                id="w-alimonyDuration"
                inputMode="numeric"
                label={t('fields.alimony_duration')}
                value={draft.alimonyDuration}
                onChange={(v) => set({ alimonyDuration: toAlimonyMonths(v) })}
              />
            </div>
          )}
        </section>
      )}
    </>
  )
}

function Pillar3a({ draft, set }: StepProps) {
  const { t } = useTranslation('wizard')
  return <YesNo label={t('questions.pillar3a')} value={draft.hasPillar3a} onChange={(v) => set({ hasPillar3a: v })} />
}

function Employment({ draft, set }: StepProps) {
  const { t } = useTranslation('wizard')
  return (
    <>
      <Choice
        legend={t('fields.employment_type')}
        name="employmentType"
        options={EMPLOYMENT_TYPES}
        value={draft.employmentType}
        onChange={(v) => set({ employmentType: v })}
        labelOf={(v) => t(`employment.${v}`)}
      />
      <YesNo label={t('questions.pension')} value={draft.hasPension} onChange={(v) => set({ hasPension: v })} />
      <YesNo label={t('questions.ahv_iv')} value={draft.receivesAHVIV} onChange={(v) => set({ receivesAHVIV: v })} />
      <YesNo label={t('questions.disabled')} value={draft.isDisabled} onChange={(v) => set({ isDisabled: v })} />
    </>
  )
}

/** The step screens in WIZARD_STEPS order (src/shared/wizard.ts). */
export const STEP_SCREENS = [
  Personal,
  Canton,
  TaxAddress,
  Address,
  Moved,
  Firefighter,
  Marital,
  RealEstate,
  Children,
  Advanced,
  Pillar3a,
  Employment,
]
