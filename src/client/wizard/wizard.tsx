import { useMemo, useRef, useState } from 'react'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearch } from 'wouter'
import { PageShell } from '../pages/page-shell'
import { sessionUserAtom, store } from '../store'
import { api, ApiRequestError, messageOf } from '../api'
import { toast } from '../ui/toast'
import { PROFILE_FIELDS, defaultDateOfBirth, hasRegistrationFields, validateProfile } from '../../shared/profile'
import { WIZARD_STEPS, YES_NO_DEFAULTS, firstMissingInStep } from '../../shared/wizard'
import { buildDeclaration, declarationFilename, withDefaults } from '../../shared/declaration'
import { defaultTaxYear, isFileable } from '../../shared/tax-years'
import { refreshUser, saveProfile, type Profile } from '../profile/profile-api'
import { STEP_SCREENS } from './steps'
import type { Draft } from './controls'

/** After completion the user goes home after this pause (spec part 2 §2). */
export const WIZARD_REDIRECT_MS = 1500

const localToday = () => {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/** The 12-step tax-setup wizard (/profile?setup=tax). */
export default function TaxSetupWizard() {
  const { t } = useTranslation(['wizard', 'profile', 'cantons'])
  const [, navigate] = useLocation()
  const params = new URLSearchParams(useSearch())
  const user = useAtomValue(sessionUserAtom) as Profile
  const requestedYear = Number(params.get('taxYear'))
  const taxYear = isFileable(requestedYear) ? requestedYear : defaultTaxYear()
  const [draft, setDraft] = useState<Draft>(() => {
    const d: Draft = {}
    for (const f of PROFILE_FIELDS) if (user[f] !== undefined && user[f] !== null) d[f] = user[f]
    d.dateOfBirth ??= defaultDateOfBirth()
    d.countryCode ??= '+41'
    return d
  })
  const [index, setIndex] = useState(0)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const top = useRef<HTMLHeadingElement>(null)
  const today = useMemo(localToday, [])

  const step = WIZARD_STEPS[index]!
  const Screen = STEP_SCREENS[index]!
  const total = WIZARD_STEPS.length
  // Yes/no steps may move on without a choice (their default applies), so only `required` blocks Next.
  const missing = firstMissingInStep({ ...step, yesNo: [] }, draft)
  const set = (patch: Draft) => setDraft((d) => ({ ...d, ...patch }))
  const missingText = (field: string) => field === 'employmentType' ? t('employment_required') : t('field_required', { field: t(`field_names.${field}`) })

  const go = (next: number) => {
    setIndex(next)
    requestAnimationFrame(() => top.current?.focus())
  }

  function next() {
    if (step.id === 1 && !hasRegistrationFields(draft)) {
      toast({ title: t('incomplete_step_title'), description: t('incomplete_step_text'), variant: 'destructive' })
      return
    }
    if (missing) {
      toast({ title: t('incomplete_step_title'), description: missingText(missing), variant: 'destructive' })
      return
    }
    const defaults: Draft = {}
    for (const f of step.yesNo ?? []) if (draft[f] === undefined || draft[f] === null || draft[f] === '') defaults[f] = YES_NO_DEFAULTS[f]
    if (Object.keys(defaults).length) set(defaults)
    if (index < total - 1) go(index + 1)
    else complete({ ...draft, ...defaults })
  }

  async function complete(final: Draft) {
    if (!hasRegistrationFields(final)) {
      toast({ title: t('incomplete_profile_title'), description: t('incomplete_step_text'), variant: 'destructive' })
      return
    }
    const fields = withDefaults(final)
    const body: Draft = {}
    for (const f of PROFILE_FIELDS) if (fields[f] !== undefined) body[f] = fields[f]
    const invalid = validateProfile(body)
    if (invalid) {
      toast({ title: t('profile:toast.update_failed_title'), description: `${t(`field_names.${invalid.field}`)}: ${t(`profile:${invalid.key}`)}`, variant: 'destructive' })
      return
    }
    setBusy(true)
    try {
      await saveProfile(body)
    } catch (err) {
      setBusy(false)
      toast({ title: t('profile:toast.update_failed_title'), description: messageOf(err, t('profile:toast.update_failed_text')), variant: 'destructive' })
      return
    }
    // The spec lets a failed declaration save pass silently; the profile above already holds the answers.
    await api('/api/tax/save-declaration', {
      method: 'POST',
      body: { taxData: buildDeclaration(fields, user.id, taxYear), taxYear, filename: declarationFilename(user.id) },
    }).catch((err) => console.warn('save-declaration failed', err))
    try {
      await api('/api/status/set', { method: 'POST', body: { statusId: 2, taxYear } })
    } catch (err) {
      // Re-running the wizard once the year is past status 2 edits the answers; it is not a move
      // back. The server refuses that move (403) and changes nothing; the saved profile stands.
      const pastTwo = err instanceof ApiRequestError && err.code === 'STATUS_MOVE_FORBIDDEN'
      if (!pastTwo) {
        setBusy(false)
        toast({ title: t('profile:toast.update_failed_title'), description: messageOf(err, t('profile:toast.update_failed_text')), variant: 'destructive' })
        return
      }
    }
    const current = store.get(sessionUserAtom)
    if (current) store.set(sessionUserAtom, { ...current, isTaxProfileComplete: true })
    await refreshUser()
    setDone(true)
    toast({ title: t('saved_title'), description: t('saved_text'), variant: 'success' })
    setTimeout(() => navigate('/'), WIZARD_REDIRECT_MS)
  }

  const last = index === total - 1
  return (
    <PageShell>
      <div className="wizard-backdrop">
        <article className="wizard-card">
          <header>
            <p className="wizard-counter">{t('step_of', { current: index + 1, total })}</p>
            <progress value={index + 1} max={total} aria-hidden="true" />
            <h1 ref={top} tabIndex={-1}>{t(`steps.${step.key}`)}</h1>
            <p className="muted">{t(`intro.${step.key}`, { year: taxYear })}</p>
          </header>
          <form className="wizard-body" onSubmit={(e) => { e.preventDefault(); next() }} noValidate>
            <Screen draft={draft} set={set} today={today} />
            <footer className="wizard-nav">
              <button type="button" className="secondary" disabled={index === 0 || busy || done} onClick={() => go(index - 1)}>{t('back')}</button>
              <button type="submit" disabled={Boolean(missing) || busy || done} aria-busy={busy}>{last ? t('complete') : t('next')}</button>
            </footer>
            {missing && <small className="muted wizard-missing" aria-live="polite">{missingText(missing)}</small>}
          </form>
        </article>
      </div>
    </PageShell>
  )
}
