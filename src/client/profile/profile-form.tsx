import { useEffect, useState, type FormEvent, type MouseEvent } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'wouter'
import { PageShell } from '../pages/page-shell'
import { EmailUpdates } from './email-updates'
import { messageOf } from '../api/client'
import type { SessionUser } from '../api/user'
import { acceptTerms, saveDraft, useDraft, useSaveProfile } from '../api/profile'
import { LoadingOverlay } from '../ui/loading-overlay'
import { toast } from '../ui/toast'
import { YourData } from './your-data'
import {
  DEFAULT_COUNTRY_CODE,
  SUBSCRIPTION_PLANS,
  checkProfileField,
  hasRegistrationFields,
  profileReminders,
} from '../../shared/profile'
import { defaultTaxYear } from '../../shared/tax-years'
import { PhoneInput } from '../ui/phone-input'
import { useCannotLeave } from './cannot-leave'

/** After a first-time save the user goes home after this pause (spec part 2 §2). */
export const FIRST_TIME_REDIRECT_MS = 1500

const LEGAL_LINKS = [
  ['/data-protection-policy', 'legal.data_protection'],
  ['/cookie-policy', 'legal.cookies'],
  ['/terms-and-conditions', 'legal.terms'],
] as const

const NAME_FIELDS = [
  ['firstName', 'fields.first_name', 'given-name'],
  ['lastName', 'fields.last_name', 'family-name'],
] as const

type RegistrationDraft = Partial<Record<'firstName' | 'lastName' | 'phone' | 'countryCode', unknown>>
const text = (v: unknown) => (typeof v === 'string' ? v : undefined)

/**
 * The profile screen: edit mode, or first-time registration with the liability statement and the terms. Registration
 * reopens with what was typed before a legal page was opened (kept on the server, issue 25).
 */
export function ProfileForm({ firstTime, user }: { firstTime: boolean; user: SessionUser }) {
  const stored = useDraft('registration')
  if (firstTime && stored.isPending) return <LoadingOverlay />
  return (
    <ProfileFields firstTime={firstTime} user={user} stored={firstTime ? stored.data?.draft?.answers : undefined} />
  )
}

type Form = { firstName: string; lastName: string; phone: string; countryCode: string }

/** The registration form's state: the fields (from the account, else the kept draft), their errors, the terms box. */
function useProfileForm(firstTime: boolean, user: SessionUser, stored: RegistrationDraft | undefined) {
  const { t } = useTranslation('profile')
  const [, navigate] = useLocation()
  const saveProfile = useSaveProfile()
  const [form, setForm] = useState<Form>({
    firstName: user.firstName || text(stored?.firstName) || '',
    lastName: user.lastName || text(stored?.lastName) || '',
    phone: user.phone || text(stored?.phone) || '',
    countryCode: user.countryCode || text(stored?.countryCode) || DEFAULT_COUNTRY_CODE,
  })
  const [agree, setAgree] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState(false)
  useCannotLeave(firstTime && !saved)

  const canTick = hasRegistrationFields(form)
  useEffect(() => {
    if (!canTick) setAgree(false)
  }, [canTick])

  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }))
    setErrors((e) => {
      const next = { ...e }
      for (const k of Object.keys(patch)) delete next[k]
      return next
    })
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found: Record<string, string> = {}
    for (const field of ['firstName', 'lastName', 'phone', 'countryCode'] as const) {
      const err = checkProfileField(field, form[field])
      if (err) found[field] = t(err.key)
    }
    setErrors(found)
    if (Object.keys(found).length) return
    setBusy(true)
    try {
      await saveProfile.mutateAsync(form)
      if (firstTime)
        await acceptTerms().catch(() => {
          /* the spec only logs this; the profile itself is saved */
        })
      toast({ title: t('toast.updated_title'), description: t('toast.updated_text'), variant: 'success' })
      if (firstTime) {
        setSaved(true)
        setTimeout(() => navigate('/'), FIRST_TIME_REDIRECT_MS)
      }
    } catch (err) {
      toast({
        title: t('toast.update_failed_title'),
        description: messageOf(err, t('toast.update_failed_text')),
        variant: 'destructive',
      })
    } finally {
      setBusy(false)
    }
  }

  return { form, set, errors, submit, busy, agree, setAgree, canTick }
}

/** Downloads the default year's declaration as JSON (the server names the file). */
async function exportJson(t: TFunction) {
  const year = defaultTaxYear()
  try {
    const res = await fetch(`/api/tax/declaration/export?taxYear=${year}`, { credentials: 'same-origin' })
    if (!res.ok) throw new Error(String(res.status))
    // The server names the file (Content-Disposition); a blob link needs the name repeated.
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? ''
    const url = URL.createObjectURL(await res.blob())
    const a = Object.assign(document.createElement('a'), { href: url, download: name })
    a.click()
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  } catch {
    toast({ title: t('toast.export_failed_title'), description: t('toast.export_failed_text'), variant: 'destructive' })
  }
}

function ProfileFields({
  firstTime,
  user,
  stored,
}: {
  firstTime: boolean
  user: SessionUser
  stored: RegistrationDraft | undefined
}) {
  const { t } = useTranslation('profile')
  const [, navigate] = useLocation()
  const { form, set, errors, submit, busy, agree, setAgree, canTick } = useProfileForm(firstTime, user, stored)

  /** Registration: what was typed is kept on the server before the legal page opens, and is there on return. */
  async function openLegal(e: MouseEvent, href: string) {
    if (!firstTime || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
    e.preventDefault()
    await saveDraft('registration', { answers: form }).catch(() => {})
    navigate(href)
  }

  return (
    <PageShell>
      <article className="profile-card">
        <ProfileHeader firstTime={firstTime} />
        <form onSubmit={submit} noValidate>
          <NameFields form={form} errors={errors} set={set} />
          <PhoneInput
            phone={form.phone}
            countryCode={form.countryCode}
            error={errors.phone ?? errors.countryCode}
            onChange={(v) => set(v)}
          />

          <label htmlFor="email">{t('fields.email')}</label>
          <input id="email" type="email" value={user.email} disabled aria-describedby="email-hint" />
          <small id="email-hint" className="muted">
            {t('fields.email_hint')}
          </small>

          <PlanField plan={user.subscriptionPlan} />
          {firstTime && <Liability agree={agree} canTick={canTick} onAgree={setAgree} />}
          <LegalLinks firstTime={firstTime} onOpen={openLegal} />

          <div className="form-actions">
            {!firstTime && (
              <button type="button" className="secondary" onClick={() => navigate('/')}>
                {t('main_menu')}
              </button>
            )}
            <button type="submit" aria-busy={busy} disabled={busy || (firstTime && !agree)}>
              {firstTime ? t('first_time.submit') : t('submit')}
            </button>
          </div>
        </form>
      </article>

      {!firstTime && <TaxProfileCard user={user} />}
      {!firstTime && <EmailUpdates on={user.emailUpdates !== false} />}
      {!firstTime && <YourData email={user.email} />}
    </PageShell>
  )
}

function ProfileHeader({ firstTime }: { firstTime: boolean }) {
  const { t } = useTranslation('profile')
  return (
    <header>
      <h1>{t('title')}</h1>
      {firstTime ? (
        <p>
          <strong>{t('first_time.title')}</strong>
          <br />
          <span className="muted">{t('first_time.subtitle')}</span>
        </p>
      ) : (
        <p className="muted">{t('subtitle')}</p>
      )}
    </header>
  )
}

function NameFields({
  form,
  errors,
  set,
}: {
  form: Form
  errors: Record<string, string>
  set: (patch: Partial<Form>) => void
}) {
  const { t } = useTranslation('profile')
  return (
    <div className="grid-2">
      {NAME_FIELDS.map(([id, label, autoComplete]) => (
        <div key={id}>
          <label htmlFor={id}>{t(label)} *</label>
          <input
            id={id}
            autoComplete={autoComplete}
            value={form[id]}
            aria-invalid={errors[id] ? true : undefined}
            aria-describedby={errors[id] ? `${id}-error` : undefined}
            onChange={(e) => set({ [id]: e.target.value })}
          />
          {errors[id] && (
            <small id={`${id}-error`} className="form-error">
              {errors[id]}
            </small>
          )}
        </div>
      ))}
    </div>
  )
}

function PlanField({ plan }: { plan: SessionUser['subscriptionPlan'] }) {
  const { t } = useTranslation('profile')
  return (
    <fieldset className="plan-field">
      <legend>{t('plan.label')}</legend>
      {SUBSCRIPTION_PLANS.map((p) => (
        <label key={p} className={`plan-option${plan === p ? ' active' : ''}`}>
          <input type="radio" name="plan" value={p} checked={plan === p} disabled readOnly />
          <span>
            <strong>{t(`plan.${p}`)}</strong> <small className="muted">{t(`plan.${p}_text`)}</small>
          </span>
        </label>
      ))}
      {/* The spec's "external payment page" is the plans page: the comparison, the prices, "Ask for premium". */}
      <Link href="/plans">{t('plan.learn_more')}</Link>
    </fieldset>
  )
}

/** Registration's liability statement and the terms box, which can be ticked once the fields are filled. */
function Liability({ agree, canTick, onAgree }: { agree: boolean; canTick: boolean; onAgree: (v: boolean) => void }) {
  const { t } = useTranslation('profile')
  return (
    <section className="liability" aria-labelledby="liability-title">
      <h2 id="liability-title">{t('first_time.liability_title')}</h2>
      <p>{t('first_time.liability_text')}</p>
      <label className={`terms-check${canTick ? '' : ' disabled'}`}>
        <input
          type="checkbox"
          checked={agree}
          disabled={!canTick}
          onChange={(e) => onAgree(e.target.checked)}
          aria-describedby="terms-hint"
        />
        {t('first_time.agree')}
      </label>
      {!canTick && (
        <small id="terms-hint" className="muted">
          {t('first_time.agree_hint')}
        </small>
      )}
    </section>
  )
}

function LegalLinks({
  firstTime,
  onOpen,
}: {
  firstTime: boolean
  onOpen: (e: MouseEvent, href: string) => Promise<void>
}) {
  const { t } = useTranslation('profile')
  return (
    <nav className="legal-links profile-legal" aria-label={t('legal.label')}>
      {LEGAL_LINKS.map(([path, key]) => {
        const href = `${path}?returnTo=${encodeURIComponent(firstTime ? '/profile?firstTime=true' : '/profile')}`
        return (
          <Link key={path} href={href} onClick={(e) => onOpen(e, href)}>
            {t(key)}
          </Link>
        )
      })}
    </nav>
  )
}

/** Whether the tax profile is complete, what it still lacks (spec part 1 §5), and its JSON export. */
function TaxProfileCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation('profile')
  const reminders = profileReminders(user)
  return (
    <article className="profile-card">
      <h2>{t('tax_profile.title')}</h2>
      <p>{user.isTaxProfileComplete ? t('tax_profile.complete') : t('tax_profile.incomplete')}</p>
      {reminders.length > 0 && (
        <section className="reminders" aria-labelledby="reminders-title">
          <h3 id="reminders-title">{t('reminders.title')}</h3>
          <ul>
            {reminders.map((id) => (
              <li key={id}>{t(`reminders.${id}`)}</li>
            ))}
          </ul>
        </section>
      )}
      <div className="form-actions">
        <Link className="button-link" href="/profile?setup=tax">
          {user.isTaxProfileComplete ? t('tax_profile.edit') : t('tax_profile.start')}
        </Link>
        {user.isTaxProfileComplete && (
          <button type="button" className="outline" onClick={() => exportJson(t)}>
            {t('tax_profile.export')}
          </button>
        )}
      </div>
    </article>
  )
}
