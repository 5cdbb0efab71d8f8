import { type RefObject, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearch } from 'wouter'
import { PageShell } from '../pages/page-shell'
import { messageOf } from '../api/client'
import type { SessionUser } from '../api/user'
import { saveDraft, useCompleteTaxSetup, useDraft } from '../api/profile'
import { LoadingOverlay } from '../ui/loading-overlay'
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

/** The step in the address, 1-based: each step is a history entry, so the browser's Back stays in the wizard. */
const stepUrl = (taxYear: number, step: number) => `/profile?setup=tax&taxYear=${taxYear}&step=${step}`

/**
 * The 12-step tax-setup wizard (/profile?setup=tax). Each "Next" writes the answers and the step as a draft on the
 * server (issue 25: Back or a reload lost every answer); the wizard reopens there.
 */
export default function TaxSetupWizard({ user }: { user: SessionUser }) {
  const stored = useDraft('wizard')
  if (stored.isPending) return <LoadingOverlay />
  return <WizardSteps user={user} stored={stored.data?.draft ?? null} />
}

type StoredDraft = NonNullable<NonNullable<ReturnType<typeof useDraft>['data']>['draft']>

/** The answers the wizard opens with: the profile's, then the unfinished wizard's over them. */
function initialDraft(user: SessionUser, stored: StoredDraft | null): Draft {
  const d: Draft = {}
  // A stored answer of a retired option becomes its successor or is asked again; the date of birth is never
  // guessed (a prefilled date was taken as an answer and sent unread, issue 25).
  for (const f of PROFILE_FIELDS) {
    const value = currentAnswer(f, user[f])
    if (value !== undefined && value !== null) d[f] = value
  }
  for (const [key, value] of Object.entries(stored?.answers ?? {})) {
    const f = key as (typeof PROFILE_FIELDS)[number]
    if (!PROFILE_FIELDS.includes(f)) continue
    const current = currentAnswer(f, value)
    if (current !== undefined) d[f] = current
  }
  d.countryCode ??= DEFAULT_COUNTRY_CODE
  return d
}

/** The step shown: the address's, but never past the furthest step reached (a typed or old address opens that). */
function useStepInAddress(taxYear: number, storedStep: number) {
  const [, navigate] = useLocation()
  const params = new URLSearchParams(useSearch())
  const [reached, setReached] = useState(storedStep)
  const urlStep = Number(params.get('step'))
  const index = Number.isInteger(urlStep) && urlStep >= 1 ? Math.min(urlStep - 1, reached) : reached
  useEffect(() => {
    if (urlStep !== index + 1) navigate(stepUrl(taxYear, index + 1), { replace: true })
  }, [urlStep, index, taxYear, navigate])
  return { index, reach: (step: number) => setReached((r) => Math.max(r, step)) }
}

/** What keeps the step from moving on (a missing or a refused answer), and the reason shown next to its field. */
function useStepCheck(index: number, draft: Draft) {
  const { t } = useTranslation(['wizard', 'profile'])
  // Next was pressed on this step with something missing: from then on the reason shows next to the field.
  const [attempted, setAttempted] = useState(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step starts without the reason shown
  useEffect(() => setAttempted(false), [index])
  const step = WIZARD_STEPS[index]!
  // Yes/no steps may move on without a choice (their default applies), so only `required` blocks Next.
  const missing = firstMissingInStep({ ...step, yesNo: [] }, draft)
  // A filled-in field the profile rules refuse (postal code 12, a future birthday) blocks Next too.
  const invalid = missing ? null : firstInvalidInStep(step, draft)
  const blocked = missing ?? invalid?.field ?? null
  const missingText = (field: string) => {
    if (invalid && field === invalid.field) return t(`profile:${invalid.key}`)
    return field === 'employmentType'
      ? t('employment_required')
      : t('field_required', { field: t(`field_names.${field}`) })
  }
  // A refused value is said at once, a missing one only after Next: an empty form is not an error yet.
  const shownField = invalid?.field ?? (attempted ? missing : null)
  const stepError = { field: shownField ?? null, message: shownField ? missingText(shownField) : '' }
  return { blocked, stepError, attempt: () => setAttempted(true) }
}

/** Completing the wizard: the whole profile checked, then stored with the year's move (1→2), then home. */
function useComplete(taxYear: number) {
  const { t } = useTranslation(['wizard', 'profile'])
  const [, navigate] = useLocation()
  const completeSetup = useCompleteTaxSetup()
  const [done, setDone] = useState(false)
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
    try {
      await completeSetup.mutateAsync({ taxYear, profile: body })
    } catch (err) {
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
  return { complete, done }
}

function WizardSteps({ user, stored }: { user: SessionUser; stored: StoredDraft | null }) {
  const { t } = useTranslation(['wizard', 'profile', 'cantons'])
  const [, navigate] = useLocation()
  const params = new URLSearchParams(useSearch())
  // The year asked for in the address, else the unfinished wizard's, else the default (one parser: parseTaxYear).
  const taxYear = requestedTaxYear(params.get('taxYear') ?? stored?.taxYear)
  const [draft, setDraft] = useState<Draft>(() => initialDraft(user, stored))
  const { index, reach } = useStepInAddress(taxYear, stored?.step ?? 0)
  const { blocked, stepError, attempt } = useStepCheck(index, draft)
  const { complete, done } = useComplete(taxYear)
  const [busy, setBusy] = useState(false)
  const top = useFocusOnStep(index)
  const today = useMemo(() => localIso(), [])

  const step = WIZARD_STEPS[index]!
  const Screen = STEP_SCREENS[index]!
  const total = WIZARD_STEPS.length
  const set = (patch: Draft) => setDraft((d) => ({ ...d, ...patch }))

  function back() {
    // The answers so far are kept for the step gone back to; the browser's own entry is used when there is one.
    saveDraft('wizard', { taxYear, step: index - 1, answers: draft }).catch(() => {})
    if ((window.history.state as { wizard?: boolean } | null)?.wizard) window.history.back()
    else navigate(stepUrl(taxYear, index), { replace: true })
  }

  async function next() {
    if (blocked) {
      // GOV.UK's pattern: Next is never disabled; it says what is missing next to the field and goes there.
      attempt()
      requestAnimationFrame(() => focusField(blocked))
      return
    }
    const defaults = yesNoDefaults(step, draft)
    if (Object.keys(defaults).length) set(defaults)
    setBusy(true)
    try {
      if (index === total - 1) return await complete({ ...draft, ...defaults })
      // Written on the server before the step changes: a reload or another device reopens here.
      await saveDraft('wizard', { taxYear, step: index + 1, answers: { ...draft, ...defaults } })
    } catch (err) {
      toast({
        title: t('draft_failed_title'),
        description: messageOf(err, t('draft_failed_text')),
        variant: 'destructive',
      })
      return
    } finally {
      setBusy(false)
    }
    reach(index + 1)
    navigate(stepUrl(taxYear, index + 2), { state: { wizard: true } })
  }

  return (
    <PageShell>
      <div className="wizard-backdrop">
        <article className="wizard-card">
          <WizardHeader heading={top} index={index} taxYear={taxYear} />
          <form
            className="wizard-body"
            onSubmit={(e) => {
              e.preventDefault()
              void next()
            }}
            noValidate
          >
            <StepError.Provider value={stepError}>
              <Screen draft={draft} set={set} today={today} />
            </StepError.Provider>
            <WizardNav index={index} busy={busy} done={done} onBack={back} />
          </form>
        </article>
      </div>
    </PageShell>
  )
}

/**
 * The wizard opens with the focus on its heading, as every step change does (Back and Next, the browser's too): a
 * screen reader starts at the question.
 */
function useFocusOnStep(index: number) {
  const top = useRef<HTMLHeadingElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step is what moves the focus
  useEffect(() => {
    requestAnimationFrame(() => top.current?.focus())
  }, [index])
  return top
}

/** The answers a yes/no step takes when none was chosen (their default applies on Next). */
function yesNoDefaults(step: (typeof WIZARD_STEPS)[number], draft: Draft): Draft {
  const defaults: Draft = {}
  for (const f of step.yesNo ?? [])
    if (draft[f] === undefined || draft[f] === null || draft[f] === '') defaults[f] = YES_NO_DEFAULTS[f]
  return defaults
}

function WizardHeader({
  heading,
  index,
  taxYear,
}: {
  heading: RefObject<HTMLHeadingElement | null>
  index: number
  taxYear: number
}) {
  const { t } = useTranslation('wizard')
  const step = WIZARD_STEPS[index]!
  const total = WIZARD_STEPS.length
  return (
    <header>
      <p className="wizard-counter">{t('step_of', { current: index + 1, total })}</p>
      <progress value={index + 1} max={total} aria-hidden="true" />
      <h1 ref={heading} tabIndex={-1}>
        {t(`steps.${step.key}`)}
      </h1>
      <p className="muted">{t(`intro.${step.key}`, { year: taxYear })}</p>
    </header>
  )
}

/** One primary action, Next (Complete on the last step); Back is secondary. */
function WizardNav({ index, busy, done, onBack }: { index: number; busy: boolean; done: boolean; onBack: () => void }) {
  const { t } = useTranslation('wizard')
  return (
    <footer className="wizard-nav">
      <button type="button" className="secondary" disabled={index === 0 || busy || done} onClick={onBack}>
        {t('back')}
      </button>
      <button type="submit" className="primary" disabled={busy || done} aria-busy={busy}>
        {index === WIZARD_STEPS.length - 1 ? t('complete') : t('next')}
      </button>
    </footer>
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
