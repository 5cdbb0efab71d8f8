import { useTranslation } from 'react-i18next'
import type { ClientDetail } from './admin-api'

const PROFILE_FIELDS = [
  'salutation',
  'dateOfBirth',
  'phone',
  'cantonOfResidence',
  'street',
  'zipCode',
  'city',
  'maritalStatus',
  'employmentType',
  'numberOfChildren',
  'propertyOwner',
  'hasInvestments',
  'hasForeignIncome',
  'hasPillar3a',
  'isTaxProfileComplete',
  'gtcAcceptedAt',
] as const

function useValue() {
  const { t, i18n } = useTranslation('admin')
  return (v: unknown): string => {
    if (v === null || v === undefined || v === '') return '—'
    if (typeof v === 'boolean') return v ? t('yes') : t('no')
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v))
      return new Date(v).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
    return String(v)
  }
}

/** The profile answers and the latest saved declaration of the year. */
export function ProfileSummary({ data }: { data: ClientDetail }) {
  const { t } = useTranslation('admin')
  const value = useValue()
  const p = data.profile
  return (
    <section aria-labelledby="profile-heading">
      <h2 id="profile-heading">{t('client.profile')}</h2>
      <dl className="facts">
        {PROFILE_FIELDS.map((f) => (
          <div key={f}>
            <dt>{t(`fields.${f}`)}</dt>
            <dd>{value(f === 'phone' ? `${p.countryCode} ${p.phone}`.trim() : p[f])}</dd>
          </div>
        ))}
      </dl>
      <h3>{t('client.declaration')}</h3>
      {data.declaration ? (
        <p>
          {t('client.declaration_saved', {
            version: data.declaration.version,
            date: value(data.declaration.savedAt),
          })}{' '}
          ({Object.keys(data.declaration.taxData).join(', ')})
        </p>
      ) : (
        <p className="muted">{t('client.no_declaration', { year: data.taxYear })}</p>
      )}
    </section>
  )
}

/** Advanced information of the year: sections, spouse, children, authorization and the power-of-attorney record. */
export function AdvancedSummary({ data }: { data: ClientDetail }) {
  const { t } = useTranslation('admin')
  const value = useValue()
  const a = data.advanced
  const auth = a.authorization
  return (
    <section aria-labelledby="advanced-heading">
      <h2 id="advanced-heading">{t('client.advanced')}</h2>
      <dl className="facts">
        <div>
          <dt>{t('advanced.completed')}</dt>
          <dd>{a.completed ? value(a.completedAt) : t('no')}</dd>
        </div>
        <div>
          <dt>{t('advanced.sections')}</dt>
          <dd>
            {a.sections
              .filter((s) => s.enabled)
              .map((s) => t(`advanced.section.${s.id}`))
              .join(', ') || '—'}
          </dd>
        </div>
        <div>
          <dt>{t('advanced.spouse')}</dt>
          <dd>{a.spouse ? `${a.spouse.firstName} ${a.spouse.lastName}` : '—'}</dd>
        </div>
        <div>
          <dt>{t('advanced.children')}</dt>
          <dd>{a.children.length}</dd>
        </div>
        <div>
          <dt>{t('advanced.canton_tin')}</dt>
          <dd>{auth ? `${auth.canton ?? '—'} · ${auth.tinNumber ?? '—'}` : '—'}</dd>
        </div>
        <div>
          <dt>{t('advanced.poa')}</dt>
          <dd>
            {data.powerOfAttorney
              ? t('advanced.poa_record', {
                  date: value(new Date(data.powerOfAttorney.acceptedAt).toISOString()),
                  ip: data.powerOfAttorney.ip ?? '—',
                })
              : t('no')}
          </dd>
        </div>
        {a.missing.length > 0 && (
          <div>
            <dt>{t('advanced.missing')}</dt>
            <dd>{a.missing.join(', ')}</dd>
          </div>
        )}
      </dl>
    </section>
  )
}
