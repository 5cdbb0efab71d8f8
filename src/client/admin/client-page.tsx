import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams, useSearch } from 'wouter'
import { useSessionUser } from '../api/user'
import { PageShell } from '../pages/page-shell'
import { Dialog } from '../ui/dialog'
import { toast } from '../ui/toast'
import { messageOf } from '../api/client'
import { offeredTaxYears, parseTaxYear } from '../../shared/tax-years'
import { clientQuery, markLateSeen, refreshLateCounts, resetClient, setPlan, type ClientDetail } from './admin-api'
import { useQuery } from '@tanstack/react-query'
import { AccessDenied } from './admin-page'
import { StatusControls } from './status-controls'
import { displayName } from './clients-view'
import { AdvancedSummary, ProfileSummary } from './client-summary'
import { ChecklistCard, DocumentsCard, MessagesCard } from './client-work'
import { StatementsCard } from './client-statements'

/** /admin/clients/:id: everything an expert needs to work on one client's year. */
export default function ClientPage() {
  // Every namespace the cards speak through, loaded with the page (a reload straight onto it showed raw keys).
  const { t } = useTranslation(['admin', 'home', 'documents', 'wizard', 'cantons', 'advanced', 'profile'])
  const user = useSessionUser()
  const params = useParams<{ id: string }>()
  const id = Number(params.id)
  const [taxYear, setTaxYear] = useState(
    parseTaxYear(new URLSearchParams(useSearch()).get('taxYear')) ?? offeredTaxYears()[0]!,
  )
  const { data, error, refetch } = useQuery(clientQuery(id, taxYear))
  const reload = () => void refetch()
  const fresh = useMarkLateSeen(user?.role === 'admin' ? id : undefined, data)
  if (user?.role !== 'admin') return <AccessDenied />
  return (
    <PageShell>
      <p>
        <Link href="/admin">← {t('client.back')}</Link>
      </p>
      {error !== null && (
        <p role="alert" className="error">
          {messageOf(error, t('errors.load_failed'))}
        </p>
      )}
      {!data && error === null && <p aria-busy="true">{t('loading')}</p>}
      {data && (
        <>
          <h1>{displayName(data.user)}</h1>
          <p className="muted">
            {data.user.email} · {t('client.id', { id: data.user.id })}
          </p>
          <label className="year-pick">
            {t('clients.year')}
            <select value={taxYear} onChange={(e) => setTaxYear(Number(e.target.value))}>
              {data.statuses.map((s) => (
                <option key={s.taxYear} value={s.taxYear}>
                  {s.taxYear} · {t(`home:status.name.${s.status}`)}
                </option>
              ))}
            </select>
          </label>
          <LateNotice count={data.lateFiles.filter((f) => fresh.has(f.fileId)).length} />
          <div className="client-grid">
            <StatusControls
              client={{
                id,
                name: displayName(data.user),
                email: data.user.email,
                emailUpdates: data.user.emailUpdates,
              }}
              taxYear={taxYear}
              statusId={data.statuses.find((s) => s.taxYear === taxYear)?.current_status_id ?? 1}
              onMoved={() => reload()}
            />
            <MessagesCard messages={data.messages} onReplied={reload} />
            <ProfileSummary data={data} />
            <AdvancedSummary data={data} />
            <ChecklistCard data={data} />
            <DocumentsCard data={data} fresh={fresh} />
            <StatementsCard data={data} userId={id} />
            <PlanCard userId={id} plan={data.profile.subscriptionPlan} onSaved={reload} />
            <ResetCard userId={id} onReset={reload} />
          </div>
        </>
      )}
    </PageShell>
  )
}

/**
 * Opening a client's year marks its unseen documents after transmission seen for the team (issue 25): the versions
 * shown are named, so one that arrives meanwhile stays new. The files new on this visit keep their badge while the
 * page is open (the set it returns); the inbox, the list and the board count again.
 */
function useMarkLateSeen(id: number | undefined, data: ClientDetail | undefined) {
  const { t } = useTranslation('admin')
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set())
  const unseen = data?.lateFiles.filter((f) => f.seenAt === null) ?? []
  const versions = unseen.map((f) => f.versionId).join(',')
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per client, year and set of unseen versions
  useEffect(() => {
    if (id === undefined || !data || !unseen.length) return
    setFresh((before) => new Set([...before, ...unseen.map((f) => f.fileId)]))
    markLateSeen(id, data.taxYear, versions.split(','))
      .then(refreshLateCounts)
      .catch((err) =>
        toast({ title: t('client.late_seen_failed'), description: messageOf(err, ''), variant: 'destructive' }),
      )
  }, [id, data?.taxYear, versions])
  return fresh
}

/** Documents that arrived after the year was transmitted (issue 25), said before the cards. */
function LateNotice({ count }: { count: number }) {
  const { t } = useTranslation('admin')
  if (!count) return null
  return <p className="late-notice">{t('client.late_notice', { count })}</p>
}

function PlanCard({ userId, plan, onSaved }: { userId: number; plan: string; onSaved: () => void }) {
  const { t } = useTranslation(['admin', 'profile'])
  const [value, setValue] = useState(plan === 'none' ? '' : plan)
  const save = async () => {
    try {
      await setPlan(userId, value)
      toast({ title: t('plan.saved'), variant: 'success' })
      onSaved()
    } catch (err) {
      toast({ title: t('plan.failed'), description: messageOf(err, ''), variant: 'destructive' })
    }
  }
  return (
    <section aria-labelledby="plan-heading">
      <h2 id="plan-heading">{t('plan.heading')}</h2>
      <div className="control-row">
        <label>
          {t('plan.label')}
          <select value={value} onChange={(e) => setValue(e.target.value)}>
            {/* Only an account from before every account started on basic can be without a plan. */}
            {plan === 'none' && (
              <option value="" disabled>
                {t('plan.none')}
              </option>
            )}
            <option value="basic">{t('profile:plan.basic')}</option>
            <option value="premium">{t('profile:plan.premium')}</option>
          </select>
        </label>
        <button type="button" disabled={!value || value === plan} onClick={save}>
          {t('plan.save')}
        </button>
      </div>
    </section>
  )
}

/** "Reset to First-Time Login", behind a confirmation (spec part 2 §2). */
function ResetCard({ userId, onReset }: { userId: number; onReset: () => void }) {
  const { t } = useTranslation('admin')
  const [open, setOpen] = useState(false)
  const reset = async () => {
    setOpen(false)
    try {
      await resetClient(userId)
      toast({ title: t('reset.done'), variant: 'success' })
      onReset()
    } catch (err) {
      toast({ title: t('reset.failed'), description: messageOf(err, t('reset.failed_text')), variant: 'destructive' })
    }
  }
  return (
    <section aria-labelledby="reset-heading" className="danger-zone">
      <h2 id="reset-heading">{t('reset.heading')}</h2>
      <p className="muted">{t('reset.explain')}</p>
      <button type="button" className="secondary" onClick={() => setOpen(true)}>
        {t('reset.button')}
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('reset.confirm_title')}
        labelledBy="reset-confirm-title"
        footer={
          <>
            <button type="button" className="secondary" onClick={() => setOpen(false)}>
              {t('reset.cancel')}
            </button>
            <button type="button" onClick={reset}>
              {t('reset.confirm')}
            </button>
          </>
        }
      >
        <p>{t('reset.confirm_text')}</p>
      </Dialog>
    </section>
  )
}
