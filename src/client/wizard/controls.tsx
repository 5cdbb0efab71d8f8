import { createContext, useContext, useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProfileField } from '../../shared/profile'

/**
 * The wizard's answers while they are being given: the profile's fields (shared/profile.ts), each as the form holds
 * it (text as typed, numbers as text) until the shared rule checks and the server stores them.
 */
export type Draft = Partial<Record<ProfileField, unknown>>
export type SetDraft = (patch: Draft) => void

/**
 * Why Next refused the step, for the field it names: the wizard sets it once Next was pressed (a value the profile
 * rules refuse, such as a three-digit postal code, at once). Each control shows it next to itself.
 */
export const StepError = createContext<{ field: string | null; message: string }>({ field: null, message: '' })

/** This field's reason, if Next refused the step because of it. */
export function useFieldError(field: string): string | undefined {
  const error = useContext(StepError)
  return error.field === field ? error.message : undefined
}

export const errorIdOf = (field: string) => `w-${field}-error`

/** The reason next to a field, referenced by the field's aria-describedby. */
export function FieldError({ field }: { field: string }) {
  const message = useFieldError(field)
  if (!message) return null
  return (
    <small id={errorIdOf(field)} className="form-error field-error">
      {message}
    </small>
  )
}

/**
 * Yes/No: two options of the same look as every other choice (a radio in a tinted box), never buttons; neither is
 * chosen until the person chooses (the step's default applies on Next).
 */
export function YesNo({
  label,
  value,
  onChange,
  yes = true,
  no = false,
}: {
  label: string
  value: unknown
  onChange: (v: unknown) => void
  yes?: unknown
  no?: unknown
}) {
  const { t } = useTranslation('wizard')
  const name = useId()
  return (
    <fieldset className="choice yes-no">
      <legend>{label}</legend>
      {(
        [
          ['yes', yes],
          ['no', no],
        ] as const
      ).map(([key, option]) => (
        <label key={key} className={`choice-option${value === option ? ' selected' : ''}`}>
          <input type="radio" name={name} value={key} checked={value === option} onChange={() => onChange(option)} />
          {t(key)}
        </label>
      ))}
    </fieldset>
  )
}

/** A radio list; `labelOf` translates each value. `field` is the draft field it sets (its reason shows below). */
export function Choice({
  legend,
  name,
  field = name,
  options,
  value,
  onChange,
  labelOf,
}: {
  legend: string
  name: string
  field?: string
  options: readonly string[]
  value: unknown
  onChange: (v: string) => void
  labelOf: (v: string) => string
}) {
  const error = useFieldError(field)
  return (
    <fieldset
      className="choice"
      data-field={field}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorIdOf(field) : undefined}
    >
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o} className={`choice-option${value === o ? ' selected' : ''}`}>
          <input type="radio" name={name} value={o} checked={value === o} onChange={() => onChange(o)} />
          {labelOf(o)}
        </label>
      ))}
      <FieldError field={field} />
    </fieldset>
  )
}

/** A labelled text-like input bound to one draft field. */
export function TextField({
  id,
  label,
  value,
  onChange,
  required,
  type = 'text',
  autoComplete,
  inputMode,
  max,
  hint,
  children,
}: {
  id: string
  label: string
  value: unknown
  onChange: (v: string) => void
  required?: boolean
  type?: string
  autoComplete?: string
  inputMode?: 'numeric' | 'decimal' | 'text'
  max?: string
  hint?: string
  children?: ReactNode
}) {
  // The draft field is the id without its "w-".
  const field = id.replace(/^w-/, '')
  const error = useFieldError(field)
  const describedBy = [hint && `${id}-hint`, error && errorIdOf(field)].filter(Boolean).join(' ')
  return (
    <div className="text-field">
      <label htmlFor={id}>
        {label}
        {required ? ' *' : ''}
      </label>
      <input
        id={id}
        type={type}
        value={value == null ? '' : String(value)}
        required={required}
        autoComplete={autoComplete}
        inputMode={inputMode}
        max={max}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldError field={field} />
      {hint && (
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
      )}
      {children}
    </div>
  )
}
