import { useState } from 'react'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { PageShell } from '../pages/page-shell'
import { LoadingOverlay } from '../ui/loading-overlay'
import { toast } from '../ui/toast'
import { messageOf } from '../api/client'
import { useAdvanced, useSetCompleted, useSetSection, type AdvancedInfo } from '../api/advanced'
import { selectedTaxYearAtom } from '../home/year-atom'
import { ADVANCED_TABS, type AdvancedTab } from '../../shared/tax-cards'
import type { SectionId } from '../../shared/advanced'
import { Overview } from './overview'
import { SectionDocuments } from './section-documents'
import { SpouseForm } from './spouse-form'
import { ChildrenForm } from './children-form'
import { AuthorizationView, useAuthorizationDraft, type AuthorizationDraft } from './authorization-view'
import { AdvancedYearSelect } from './year-select'

/**
 * Tabs: Overview and Authorization always; a section's tab when a tax card of it applies or the person switched it on.
 */
export function visibleTabs(info: AdvancedInfo): AdvancedTab[] {
  const on = new Set<string>(info.sections.filter((s) => s.enabled).map((s) => s.id))
  return ADVANCED_TABS.filter((tab) => info.taxCards.tabs.includes(tab) || on.has(tab))
}

/** /advanced-tax-info (spec part 2 §2): the year's advanced information, its completion and the lock (readable). */
export default function AdvancedPage() {
  // The cantons' texts too (the authorization tab's canton names and tax-ID notes): loaded with the page, so that
  // opening the tab later does not suspend the page and take the focus away from the tabs.
  const { t } = useTranslation(['advanced', 'cantons'])
  const [taxYear, setTaxYear] = useState(useAtomValue(selectedTaxYearAtom))
  const advanced = useAdvanced(taxYear)
  const info = advanced.data
  return (
    <PageShell>
      <p className="back-link">
        <Link href="/">← {t('page.back')}</Link>
      </p>
      <div className="advanced-head">
        <h1>{t('page.title')}</h1>
        <AdvancedYearSelect value={taxYear} onChange={setTaxYear} />
      </div>
      {advanced.isPending && <LoadingOverlay />}
      {advanced.isError && (
        <p role="alert" className="form-error">
          {messageOf(advanced.error, t('page.load_failed'))}
        </p>
      )}
      {/* A new year starts on its own state (the key), not on the last year's forms. */}
      {info && <AdvancedContent key={taxYear} info={info} taxYear={taxYear} />}
    </PageShell>
  )
}

function AdvancedContent({ info, taxYear }: { info: AdvancedInfo; taxYear: number }) {
  const { t } = useTranslation('advanced')
  const [tab, setTab] = useState<AdvancedTab>('overview')
  const complete = useSetCompleted(taxYear)
  const authorization = useAuthorizationDraft(info, taxYear)
  const locked = info.completed || info.transmitted
  const tabs = visibleTabs(info)
  const current = tabs.includes(tab) ? tab : 'overview'

  /**
   * The one "Finish" (issue 25: a toggle and then a button before): an authorization entered and not yet saved is saved
   * first, and a refusal stops here with the error on its field; then the server checks the rest.
   */
  async function finish() {
    if (authorization.dirty && !(await authorization.submit())) {
      setTab('authorization')
      return
    }
    try {
      await complete.mutateAsync(true)
      toast({ title: t('page.finished_title'), description: t('page.finished_text'), variant: 'success' })
    } catch (err) {
      if (info.missing.includes('power_of_attorney')) setTab('authorization')
      toast({
        title: t('page.finish_failed_title'),
        description: messageOf(err, t('page.finish_failed_title')),
        variant: 'destructive',
      })
    }
  }

  async function reopen() {
    try {
      await complete.mutateAsync(false)
    } catch (err) {
      toast({
        title: t('page.undo_failed_title'),
        description: messageOf(err, t('page.undo_failed_title'), { year: taxYear }),
        variant: 'destructive',
      })
    }
  }

  return (
    <>
      <CompletionBar
        info={info}
        busy={complete.isPending}
        saving={authorization.pending}
        onFinish={() => void finish()}
        onReopen={() => void reopen()}
      />
      <StateNote info={info} locked={locked} />
      {/* A locked section stays readable (issue 25): every tab opens, only the fields and uploads are closed. */}
      <TabList tabs={tabs} current={current} onSelect={setTab} />
      <div role="tabpanel" id="advanced-panel" aria-labelledby={`tab-${current}`} className="advanced-panel">
        <TabContent
          tab={current}
          info={info}
          taxYear={taxYear}
          locked={locked}
          onOpen={setTab}
          authorization={authorization}
        />
      </div>
    </>
  )
}

/** "Finish" while open, the completed badge and "Reopen" until the year is transmitted. */
function CompletionBar({
  info,
  busy,
  saving,
  onFinish,
  onReopen,
}: {
  info: AdvancedInfo
  busy: boolean
  saving: boolean
  onFinish: () => void
  onReopen: () => void
}) {
  const { t } = useTranslation('advanced')
  return (
    <div className="completion-bar">
      {!info.completed && !info.transmitted && (
        <button type="button" onClick={onFinish} disabled={busy || saving} aria-busy={busy}>
          {t('page.finish')}
        </button>
      )}
      {info.completed && (
        <span className="badge completed" role="status">
          {t('page.completed_badge')}
        </span>
      )}
      {info.completed && !info.transmitted && (
        <button type="button" className="secondary" onClick={onReopen} disabled={busy} aria-busy={busy}>
          {t('page.reopen')}
        </button>
      )}
    </div>
  )
}

/** What is still missing, or why the fields are closed (the year is completed or transmitted). */
function StateNote({ info, locked }: { info: AdvancedInfo; locked: boolean }) {
  const { t } = useTranslation('advanced')
  return (
    <>
      {!locked && info.missing.length > 0 && (
        <div className="missing-callout" role="note">
          <strong>{t('page.missing_title')}</strong>
          <ul>
            {info.missing.map((m) => (
              <li key={m}>{t(`missing.${m}`)}</li>
            ))}
          </ul>
        </div>
      )}
      {locked && (
        <p className="locked-note" role="status">
          {t(info.transmitted ? 'page.transmitted_readable' : 'page.locked_readable')}
        </p>
      )}
    </>
  )
}

/** The tabs, moved through with the arrow keys (the WAI tabs pattern). */
function TabList({
  tabs,
  current,
  onSelect,
}: {
  tabs: AdvancedTab[]
  current: AdvancedTab
  onSelect: (tab: AdvancedTab) => void
}) {
  const { t } = useTranslation('advanced')
  return (
    <div role="tablist" aria-label={t('page.tabs_label')} className="advanced-tabs">
      {tabs.map((id) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`tab-${id}`}
          aria-selected={id === current}
          aria-controls="advanced-panel"
          tabIndex={id === current ? 0 : -1}
          className={id === current ? 'tab selected' : 'tab'}
          onClick={() => onSelect(id)}
          onKeyDown={(e) => {
            const i = tabs.indexOf(id)
            const next =
              e.key === 'ArrowRight'
                ? tabs[(i + 1) % tabs.length]
                : e.key === 'ArrowLeft'
                  ? tabs[(i - 1 + tabs.length) % tabs.length]
                  : undefined
            if (next) {
              onSelect(next)
              document.getElementById(`tab-${next}`)?.focus()
            }
          }}
        >
          <span className="tab-long">{t(`tabs.${id}`)}</span>
          <span className="tab-short">{t(`tabs_short.${id}`)}</span>
        </button>
      ))}
    </div>
  )
}

function TabContent({
  tab,
  info,
  taxYear,
  locked,
  onOpen,
  authorization,
}: {
  tab: AdvancedTab
  info: AdvancedInfo
  taxYear: number
  locked: boolean
  onOpen: (id: SectionId) => void
  authorization: AuthorizationDraft
}) {
  const { t } = useTranslation('advanced')
  const setSection = useSetSection(taxYear)
  if (tab === 'overview') return <Overview info={info} taxYear={taxYear} locked={locked} onOpen={onOpen} />
  const section = info.sections.find((s) => s.id === tab)!
  if (!section.enabled) {
    return (
      <div className="section-off">
        <h2>{t(`sections.${tab}.title`)}</h2>
        <p>{t('page.section_off')}</p>
        <button
          type="button"
          disabled={locked}
          onClick={() =>
            setSection.mutate(
              { section: tab, enabled: true },
              {
                onError: () =>
                  toast({
                    title: t('overview.toggle_failed_title'),
                    description: t('overview.toggle_failed_text'),
                    variant: 'destructive',
                  }),
              },
            )
          }
        >
          {t('page.switch_on')}
        </button>
      </div>
    )
  }
  return (
    <>
      <h2>{t(`sections.${tab}.title`)}</h2>
      <p className="muted">{t(`sections.${tab}.description`)}</p>
      {tab === 'authorization' && (
        <AuthorizationView info={info} taxYear={taxYear} locked={locked} draft={authorization} />
      )}
      {tab === 'spouse' && <SpouseForm info={info} taxYear={taxYear} locked={locked} />}
      {tab === 'children' && <ChildrenForm info={info} taxYear={taxYear} locked={locked} />}
      <SectionDocuments section={section} taxYear={taxYear} locked={locked} />
    </>
  )
}
