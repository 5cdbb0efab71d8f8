import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { ClientDetail } from './admin-api'
import { CANTONS, cantonSlug } from '../../shared/cantons'
import { dateFormat, formatDateTime } from '../ui/dates'

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

/** A canton in the interface's language, from its code or its stored slug ('zurich' → 'Zürich', 'Zurich', 'Zurigo'). */
export function cantonName(t: TFunction, codeOrSlug: string | null | undefined): string | null {
  if (!codeOrSlug) return null
  const canton = CANTONS.find((c) => c.code === codeOrSlug.toUpperCase() || c.slug === cantonSlug(codeOrSlug))
  return canton ? t(`cantons:name.${canton.code}`, { defaultValue: canton.name }) : codeOrSlug
}

/** The wizard's own words for an answer (its option labels), so the expert reads what the client chose. */
const OPTION_KEYS: Partial<Record<string, string>> = {
  salutation: 'wizard:salutation',
  maritalStatus: 'wizard:marital',
  employmentType: 'wizard:employment',
  religion: 'wizard:religion',
}

/**
 * A profile answer as the interface says it (issue 25): options in words, cantons by name, dates in the language's
 * format, yes and no; never a stored code.
 */
function useValue() {
  const { t, i18n } = useTranslation(['admin', 'wizard', 'cantons'])
  const language = i18n.resolvedLanguage ?? 'en'
  return (v: unknown, field?: string): string => {
    if (v === null || v === undefined || v === '') return '—'
    if (typeof v === 'boolean') return v ? t('admin:yes') : t('admin:no')
    if (field === 'cantonOfResidence' && typeof v === 'string') return cantonName(t, v) ?? '—'
    const options = field ? OPTION_KEYS[field] : undefined
    if (options && typeof v === 'string') {
      const key = field === 'religion' ? cantonSlug(v).replace(/-/g, '_') : v
      return t(`${options}.${key}`, { defaultValue: v })
    }
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v))
      return dateFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${v}T00:00:00Z`))
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) return formatDateTime(v, language)
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
            <dd>{value(f === 'phone' ? `${p.countryCode} ${p.phone}`.trim() : p[f], f)}</dd>
          </div>
        ))}
      </dl>
      <h3>{t('client.declaration')}</h3>
      {data.declaration ? (
        <p>
          {t('client.declaration_saved', {
            version: data.declaration.version,
            date: value(data.declaration.savedAt),
          })}
        </p>
      ) : (
        <p className="muted">{t('client.no_declaration', { year: data.taxYear })}</p>
      )}
    </section>
  )
}

/** Advanced information of the year: sections, spouse, children, authorization and the power-of-attorney record. */
export function AdvancedSummary({ data }: { data: ClientDetail }) {
  const { t } = useTranslation(['admin', 'advanced', 'cantons'])
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
          <dd>{auth ? `${cantonName(t, auth.canton) ?? '—'} · ${auth.tinNumber || '—'}` : '—'}</dd>
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
            <dd>{a.missing.map((m) => t(`advanced.missing_items.${m}`)).join(', ')}</dd>
          </div>
        )}
      </dl>
    </section>
  )
}
