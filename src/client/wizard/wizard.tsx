import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearch } from 'wouter'
import { PageShell } from '../pages/page-shell'
import { messageOf } from '../api/client'
import type { SessionUser } from '../api/user'
import { useCompleteTaxSetup } from '../api/profile'
import { toast } from '../ui/toast'
import {
  DEFAULT_COUNTRY_CODE,
  PROFILE_FIELDS,
  currentAnswer,
  localIso,
  validateProfile,
  withoutHiddenAnswers,
} from '../../shared/profile'
import { WIZARD_STEPS, YES_NO_DEFAULTS, firstInvalidInStep, firstMissingInStep } from '../../shared/wizard'
import { withDefaults } from '../../shared/declaration'
import { requestedTaxYear } from '../../shared/tax-years'
import { STEP_SCREENS } from './steps'
import { StepError, type Draft } from './controls'

/** After completion the user goes home after this pause (spec part 2 §2). */
export const WIZARD_REDIRECT_MS = 1500

/** The 12-step tax-setup wizard (/profile?setup=tax). */
export default function TaxSetupWizard({ user }: { user: SessionUser }) {
  const { t } = useTranslation(['wizard', 'profile', 'cantons'])
  const [, navigate] = useLocation()
  const params = new URLSearchParams(useSearch())
  const completeSetup = useCompleteTaxSetup()
  const taxYear = requestedTaxYear(params.get('taxYear'))
  const [draft, setDraft] = useState<Draft>(() => {
    const d: Draft = {}
    // A stored answer of a retired option becomes its successor or is asked again; the date of birth is never
    // guessed (a prefilled date was taken as an answer and sent unread, issue 25).
    for (const f of PROFILE_FIELDS) {
      const value = currentAnswer(f, user[f])
      if (value !== undefined && value !== null) d[f] = value
    }
    d.countryCode ??= DEFAULT_COUNTRY_CODE
    return d
  })
  const [index, setIndex] = useState(0)
  // Next was pressed on this step with something missing: from then on the reason shows next to the field.
  const [attempted, setAttempted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const top = useRef<HTMLHeadingElement>(null)
  const today = useMemo(() => localIso(), [])

  const step = WIZARD_STEPS[index]!
  const Screen = STEP_SCREENS[index]!
  const total = WIZARD_STEPS.length
  // Yes/no steps may move on without a choice (their default applies), so only `required` blocks Next.
  const missing = firstMissingInStep({ ...step, yesNo: [] }, draft)
  // A filled-in field the profile rules refuse (postal code 12, a future birthday) blocks Next too.
  const invalid = missing ? null : firstInvalidInStep(step, draft)
  const blocked = missing ?? invalid?.field ?? null
  const set = (patch: Draft) => setDraft((d) => ({ ...d, ...patch }))
  const missingText = (field: string) => {
    if (invalid && field === invalid.field) return t(`profile:${invalid.key}`)
    return field === 'employmentType'
      ? t('employment_required')
      : t('field_required', { field: t(`field_names.${field}`) })
  }
  // A refused value is said at once, a missing one only after Next: an empty form is not an error yet.
  const shownField = invalid?.field ?? (attempted ? missing : null)
  const stepError = { field: shownField ?? null, message: shownField ? missingText(shownField) : '' }

  // The wizard opens with the focus on its heading, as every step change does: a screen reader starts at the question.
  useEffect(() => {
    requestAnimationFrame(() => top.current?.focus())
  }, [])

  const go = (next: number) => {
    setIndex(next)
    setAttempted(false)
    requestAnimationFrame(() => top.current?.focus())
  }

  function next() {
    if (blocked) {
      // GOV.UK's pattern: Next is never disabled; it says what is missing next to the field and goes there.
      setAttempted(true)
      requestAnimationFrame(() => focusField(blocked))
      return
    }
    const defaults: Draft = {}
    for (const f of step.yesNo ?? [])
      if (draft[f] === undefined || draft[f] === null || draft[f] === '') defaults[f] = YES_NO_DEFAULTS[f]
    if (Object.keys(defaults).length) set(defaults)
    if (index < total - 1) go(index + 1)
    else complete({ ...draft, ...defaults })
  }

  async function complete(final: Draft) {
    const fields = withDefaults(withoutHiddenAnswers(final))
    const body: Draft = {}
    for (const f of PROFILE_FIELDS) if (fields[f] !== undefined) body[f] = fields[f]
    const invalid = validateProfile(body)
    if (invalid) {
      toast({
        title: t('profile:toast.update_failed_title'),
        description: `${t(`field_names.${invalid.field}`)}: ${t(`profile:${invalid.key}`)}`,
        variant: 'destructive',
      })
      return
    }
    setBusy(true)
    try {
      await completeSetup.mutateAsync({ taxYear, profile: body })
    } catch (err) {
      setBusy(false)
      toast({
        title: t('profile:toast.update_failed_title'),
        description: messageOf(err, t('profile:toast.update_failed_text')),
        variant: 'destructive',
      })
      return
    }
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
            <h1 ref={top} tabIndex={-1}>
              {t(`steps.${step.key}`)}
            </h1>
            <p className="muted">{t(`intro.${step.key}`, { year: taxYear })}</p>
          </header>
          <form
            className="wizard-body"
            onSubmit={(e) => {
              e.preventDefault()
              next()
            }}
            noValidate
          >
            <StepError.Provider value={stepError}>
              <Screen draft={draft} set={set} today={today} />
            </StepError.Provider>
            {/* One primary action, Next (Complete on the last step); Back is secondary. */}
            <footer className="wizard-nav">
              <button
                type="button"
                className="secondary"
                disabled={index === 0 || busy || done}
                onClick={() => go(index - 1)}
              >
                {t('back')}
              </button>
              <button type="submit" className="primary" disabled={busy || done} aria-busy={busy}>
                {last ? t('complete') : t('next')}
              </button>
            </footer>
          </form>
        </article>
      </div>
    </PageShell>
  )
}

/** The field a step lacks: its own control (w-FIELD), or the first control of the group that sets it. */
function focusField(field: string) {
  const control =
    document.getElementById(`w-${field}`) ??
    document.querySelector<HTMLElement>(`[data-field="${field}"] :is(input, button, select)`)
  control?.focus()
  control?.scrollIntoView({ block: 'center' })
}
