import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { messageOf } from '../api/client'
import { powerOfAttorneyUrl, useSaveAuthorization, type AdvancedInfo } from '../api/advanced'
import { toast } from '../ui/toast'
import { formatDateTime } from '../ui/dates'
import { CANTONS } from '../../shared/cantons'
import { useShownCantons } from '../cantons/canton-names'
import { formatTaxId, taxIdRule } from '../../shared/tax-id'
import { validateAuthorization, type AuthorizationInput } from '../../shared/advanced'

const PDF_LANGUAGES = ['de', 'fr', 'it', 'en'] as const
/** The PDF in the interface's language where a tax office reads it; Swiss German reads German. */
const pdfLanguageOf = (ui: string) =>
  ui === 'gsw' ? 'de' : (PDF_LANGUAGES as readonly string[]).includes(ui) ? ui : 'en'

/** The spec's titles of the three refusals (part 2 §8), by the shared rule's code. */
const TITLES: Record<string, string> = {
  MISSING_INFORMATION: 'authorization.missing_title',
  INVALID_TAX_ID_FORMAT: 'authorization.invalid_title',
  POWER_OF_ATTORNEY_REQUIRED: 'authorization.required_title',
}

type AuthorizationForm = AuthorizationInput
type FieldError = { field: string; text: string }

const formOf = (info: AdvancedInfo): AuthorizationForm => {
  const a = info.authorization
  return {
    taxAddressEnabled: a?.taxAddressEnabled ?? false,
    powerOfAttorneyEnabled: a?.powerOfAttorneyEnabled ?? false,
    canton: a?.canton || info.profileCanton || '',
    tinNumber: a?.tinNumber ?? '',
    powerOfAttorneyAccepted: a?.powerOfAttorneyAccepted ?? false,
  }
}

/**
 * The authorization form's state, kept by the page (issue 25): it survives a change of tab, and "Finish" saves what
 * was entered and not yet saved, or stops with the error on the field, instead of finishing without it.
 */
export function useAuthorizationDraft(info: AdvancedInfo, taxYear: number) {
  const { t } = useTranslation(['advanced', 'cantons'])
  const save = useSaveAuthorization(taxYear)
  const [form, setForm] = useState(() => formOf(info))
  const [error, setError] = useState<FieldError | null>(null)
  const saved = formOf(info)
  const dirty = (Object.keys(form) as (keyof AuthorizationForm)[]).some((k) => form[k] !== saved[k])
  const change = (c: Partial<AuthorizationForm>) => {
    setForm((f) => ({ ...f, ...c }))
    setError(null)
  }

  /** Saves the form; a refusal (the shared rule's or the server's) is shown on its field and answers false. */
  async function submit(): Promise<boolean> {
    const refused = validateAuthorization(form)
    if (refused) {
      const text = t(`common:server_errors.${refused.code}`, { defaultValue: refused.message, ...refused.params })
      setError({ field: refused.field, text })
      toast({
        title: t(TITLES[refused.code] ?? 'authorization.failed_title'),
        description: text,
        variant: 'destructive',
      })
      return false
    }
    try {
      await save.mutateAsync(form)
      setError(null)
      toast({ title: t('authorization.saved_title'), variant: 'success' })
      return true
    } catch (err) {
      const rule = form.canton ? taxIdRule(form.canton) : undefined
      const text = messageOf(err, t('authorization.failed_text'), { format: rule?.format ?? '' })
      setError({ field: 'tinNumber', text })
      toast({ title: t('authorization.failed_title'), description: text, variant: 'destructive' })
      return false
    }
  }
  return { form, change, error, dirty, submit, pending: save.isPending }
}
export type AuthorizationDraft = ReturnType<typeof useAuthorizationDraft>

/**
 * Authorization & Tax ID (spec part 2 §2): the tax-address and power-of-attorney panels, the canton and tax ID, the
 * PDF.
 */
export function AuthorizationView({
  info,
  taxYear,
  locked,
  draft,
}: {
  info: AdvancedInfo
  taxYear: number
  locked: boolean
  draft: AuthorizationDraft
}) {
  // The cantons' texts (names, tax-ID notes) too: loaded with this screen, not only after a visit to /cantons.
  const { t, i18n } = useTranslation(['advanced', 'cantons'])
  const a = info.authorization
  const { form, change } = draft
  const { fieldError, invalidProps } = errorsOf(draft.error)

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    await draft.submit()
  }

  return (
    <form
      className="advanced-form authorization"
      onSubmit={onSubmit}
      noValidate
      aria-label={t('authorization.heading')}
    >
      <p>{t('authorization.intro')}</p>

      <SwitchPanel
        name="taxAddressEnabled"
        label={t('authorization.tax_address_toggle')}
        on={form.taxAddressEnabled}
        disabled={locked}
        onChange={(on) => change({ taxAddressEnabled: on })}
      >
        <p>{t('authorization.tax_address_text')}</p>
      </SwitchPanel>

      <SwitchPanel
        name="powerOfAttorneyEnabled"
        label={t('authorization.poa_toggle')}
        on={form.powerOfAttorneyEnabled}
        disabled={locked}
        onChange={(on) => change({ powerOfAttorneyEnabled: on })}
      >
        <CantonAndTaxId draft={draft} locked={locked} />
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard must be able to scroll the text */}
        <div className="poa-text" role="region" aria-labelledby="poa-text-heading" tabIndex={0}>
          <h3 id="poa-text-heading">{t('authorization.poa_heading')}</h3>
          <p>{t('authorization.poa_text', { year: taxYear })}</p>
        </div>
        <label className="checkbox-label">
          <input
            type="checkbox"
            name="powerOfAttorneyAccepted"
            checked={form.powerOfAttorneyAccepted}
            disabled={locked}
            {...invalidProps('powerOfAttorneyAccepted')}
            onChange={(e) => change({ powerOfAttorneyAccepted: e.target.checked })}
          />
          {t('authorization.accept')}
        </label>
        {fieldError('powerOfAttorneyAccepted')}
        {a?.powerOfAttorneyAcceptedAt && (
          <p className="muted">
            {t('authorization.accepted_at', { date: formatDateTime(a.powerOfAttorneyAcceptedAt, i18n.language) })}
          </p>
        )}
        <PowerOfAttorneyPdf taxYear={taxYear} />
      </SwitchPanel>
      <button type="submit" disabled={locked || draft.pending} aria-busy={draft.pending}>
        {t('authorization.save')}
      </button>
    </form>
  )
}

/** A switch and the panel it opens below it (the tax-address and power-of-attorney parts). */
function SwitchPanel(props: {
  name: string
  label: string
  on: boolean
  disabled: boolean
  onChange: (on: boolean) => void
  children: ReactNode
}) {
  const panel = useId()
  return (
    <>
      <label className="switch-label">
        <input
          type="checkbox"
          role="switch"
          name={props.name}
          checked={props.on}
          aria-checked={props.on}
          disabled={props.disabled}
          aria-controls={panel}
          onChange={(e) => props.onChange(e.target.checked)}
        />
        {props.label}
      </label>
      <div id={panel} className="detail-panel" hidden={!props.on}>
        {props.children}
      </div>
    </>
  )
}

/** A field's error below it, and the attributes that tie the field to it. */
function errorsOf(error: AuthorizationDraft['error']) {
  const errorOn = (field: string) => (error?.field === field ? error.text : null)
  const fieldError = (field: string) =>
    errorOn(field) && (
      <small id={`${field}-error`} className="form-error" role="alert">
        {errorOn(field)}
      </small>
    )
  const invalidProps = (field: string) =>
    errorOn(field) ? { 'aria-invalid': true, 'aria-describedby': `${field}-error` } : {}
  return { errorOn, fieldError, invalidProps }
}

/** The canton and the tax ID in the canton's format. */
function CantonAndTaxId({ draft, locked }: { draft: AuthorizationDraft; locked: boolean }) {
  const { t } = useTranslation(['advanced', 'cantons'])
  const cantons = useShownCantons(CANTONS)
  const { form, change } = draft
  const { errorOn, fieldError, invalidProps } = errorsOf(draft.error)
  const rule = form.canton ? taxIdRule(form.canton) : undefined
  return (
    <div className="grid-2">
      <label>
        {t('authorization.canton')}
        {/* A new canton has another format: the tax ID starts over (spec part 2 §4). */}
        <select
          name="canton"
          value={form.canton}
          disabled={locked}
          {...invalidProps('canton')}
          onChange={(e) => change({ canton: e.target.value, tinNumber: '' })}
        >
          <option value="">{t('authorization.canton_choose')}</option>
          {cantons?.map((c) => (
            <option key={c.code} value={c.code}>
              {c.shownName} ({c.code})
            </option>
          ))}
        </select>
        {fieldError('canton')}
      </label>
      <label>
        {t('authorization.tin')}
        <input
          name="tinNumber"
          value={form.tinNumber}
          disabled={locked || !form.canton}
          inputMode="numeric"
          placeholder={rule?.placeholder}
          aria-describedby={errorOn('tinNumber') ? 'tinNumber-error tin-hint' : 'tin-hint'}
          aria-invalid={errorOn('tinNumber') ? true : undefined}
          onChange={(e) => change({ tinNumber: formatTaxId(form.canton, e.target.value) })}
        />
        {fieldError('tinNumber')}
        <small id="tin-hint">
          {rule
            ? `${t('authorization.tin_expected', { format: rule.format })} ${t(rule.infoKey)}`
            : t('authorization.canton_first')}
        </small>
      </label>
    </div>
  )
}

/** The power of attorney as a PDF in a chosen language, and the blank forms. */
function PowerOfAttorneyPdf({ taxYear }: { taxYear: number }) {
  const { t, i18n } = useTranslation('advanced')
  const [pdfLang, setPdfLang] = useState(pdfLanguageOf(i18n.language))
  return (
    <>
      <div className="pdf-download">
        <label>
          {t('authorization.pdf_language')}
          <select value={pdfLang} onChange={(e) => setPdfLang(e.target.value)}>
            {PDF_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`authorization.pdf_languages.${l}`)}
              </option>
            ))}
          </select>
        </label>
        <a role="button" className="secondary" href={powerOfAttorneyUrl(taxYear, pdfLang)} download>
          {t('authorization.download')}
        </a>
      </div>
      <p className="muted">
        {t('authorization.blank_forms')}{' '}
        <a href="/docs/power-of-attorney-en.pdf" download>
          {t('authorization.pdf_languages.en')}
        </a>
        {' · '}
        <a href="/docs/power-of-attorney-de.pdf" download>
          {t('authorization.pdf_languages.de')}
        </a>
      </p>
    </>
  )
}
