import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProfileField } from '../../shared/profile'

/**
 * The wizard's answers while they are being given: the profile's fields (shared/profile.ts), each as the form holds
 * it (text as typed, numbers as text) until the shared rule checks and the server stores them.
 */
export type Draft = Partial<Record<ProfileField, unknown>>
export type SetDraft = (patch: Draft) => void

/**
 * Yes/No as two pressed-state buttons with the "selected" look (never the primary button's); neither is pressed until a
 * choice (the step's default applies on Next).
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
  const id = useId()
  return (
    <div className="yes-no" role="group" aria-labelledby={id}>
      <span id={id} className="yes-no-label">
        {label}
      </span>
      <div className="yes-no-buttons">
        <button type="button" className="choice-button" aria-pressed={value === yes} onClick={() => onChange(yes)}>
          {t('yes')}
        </button>
        <button type="button" className="choice-button" aria-pressed={value === no} onClick={() => onChange(no)}>
          {t('no')}
        </button>
      </div>
    </div>
  )
}

/** A radio list; `labelOf` translates each value. */
export function Choice({
  legend,
  name,
  options,
  value,
  onChange,
  labelOf,
}: {
  legend: string
  name: string
  options: readonly string[]
  value: unknown
  onChange: (v: string) => void
  labelOf: (v: string) => string
}) {
  return (
    <fieldset className="choice">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o} className={`choice-option${value === o ? ' selected' : ''}`}>
          <input type="radio" name={name} value={o} checked={value === o} onChange={() => onChange(o)} />
          {labelOf(o)}
        </label>
      ))}
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
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
      )}
      {children}
    </div>
  )
}
