import { useTranslation } from 'react-i18next'
import { COUNTRY_CODES, phoneDigits } from '../../shared/profile'

/** Phone number with the country-code picker of the nine supported codes; keeps digits only. */
export function PhoneInput({
  phone,
  countryCode,
  onChange,
  error,
  id = 'phone',
}: {
  phone: string
  countryCode: string
  onChange: (v: { phone: string; countryCode: string }) => void
  error?: string
  id?: string
}) {
  const { t } = useTranslation('profile')
  return (
    <div className="phone-field">
      <label htmlFor={id}>{t('fields.phone')} *</label>
      {/* Not a Pico role="group": the hidden label would count as its first child and leave both controls
          half-rounded. */}
      <div className="phone-row">
        <label htmlFor={`${id}-country`} className="visually-hidden">
          {t('fields.country_code')}
        </label>
        <select
          id={`${id}-country`}
          value={countryCode}
          onChange={(e) => onChange({ phone, countryCode: e.target.value })}
        >
          {COUNTRY_CODES.map((c) => (
            <option key={c.code} value={c.code}>{`${c.code} ${t(`countries.${c.country}`)}`}</option>
          ))}
        </select>
        <input
          id={id}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={phone}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          placeholder={t('fields.phone_placeholder')}
          onChange={(e) => onChange({ phone: phoneDigits(e.target.value), countryCode })}
        />
      </div>
      {error && (
        <small id={`${id}-error`} className="form-error">
          {error}
        </small>
      )}
    </div>
  )
}
