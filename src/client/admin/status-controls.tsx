import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { statusById, TAX_STATUSES, type TaxStatusId } from '../../shared/tax-status'
import { StatusTracker } from './status-tracker'
import { ApiRequestError, messageOf } from '../api/client'
import { Dialog } from '../ui/dialog'
import { toast } from '../ui/toast'
import { moveStatus } from './admin-api'
import { formatTime } from '../ui/dates'

/** The server's refusals of a move the client's data does not support, and the reason each names. */
const UNSUPPORTED: Record<string, string> = {
  STATUS_PROFILE_INCOMPLETE: 'profile_incomplete',
  STATUS_DOCUMENTS_MISSING: 'documents_missing',
  STATUS_ADVANCED_INCOMPLETE: 'advanced_incomplete',
}

export interface StatusClient {
  id: number
  name: string
  email: string
  emailUpdates: boolean
}

/** The move's state: the status shown, the chosen one, the note, the dialog's step, and the last move. */
function useStatusMove(client: StatusClient, taxYear: number, statusId: number, onMoved: (id: number) => void) {
  const { t } = useTranslation('admin')
  const [current, setCurrent] = useState<number>(statusId)
  const [note, setNote] = useState('')
  const [selected, setSelected] = useState('')
  const [step, setStep] = useState<'closed' | 'confirm' | 'override'>('closed')
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  /** The last move, said beside the controls until the next one (a toast alone was gone before it was read). */
  const [moved, setMoved] = useState<{ to: number; at: number; note: boolean } | null>(null)
  useEffect(() => {
    setCurrent(statusId)
  }, [statusId])
  // biome-ignore lint/correctness/useExhaustiveDependencies: another year's page starts without the last move's line
  useEffect(() => setMoved(null), [taxYear])

  const target = Number(selected) as TaxStatusId

  const open = () => {
    if (!selected) return toast({ title: t('status.select_required'), variant: 'destructive' })
    if (target === current) return toast({ title: t('status.same') })
    setStep('confirm')
  }
  const close = () => {
    setStep('closed')
    setReason('')
  }
  const move = async (override: boolean) => {
    setBusy(true)
    try {
      const r = await moveStatus(client.id, target, taxYear, note.trim() || undefined, override)
      setCurrent(r.current_status_id)
      onMoved(r.current_status_id)
      setMoved({ to: r.current_status_id, at: Date.now(), note: Boolean(note.trim()) })
      setNote('')
      setSelected('')
      close()
      // Said beside the controls (movedText), where it stays until the next move: no toast on top of it.
    } catch (err) {
      const code = (err instanceof ApiRequestError && err.code) || ''
      if (!override && UNSUPPORTED[code]) {
        setReason(t(`status.unsupported_reason.${UNSUPPORTED[code]}`))
        setStep('override')
      } else {
        close()
        toast({
          title: t('status.update_failed'),
          description: messageOf(err, t('status.update_failed_text')),
          variant: 'destructive',
        })
      }
    } finally {
      setBusy(false)
    }
  }

  return { current, note, setNote, selected, setSelected, target, step, reason, busy, moved, open, close, move }
}

type Move = ReturnType<typeof useStatusMove>

/**
 * A client's status for the year (docs/experts.md): the six-status tracker, a note, and one deliberate move: the
 * expert picks a status and confirms in a dialog that names the client, the move and the mail that goes out. A
 * move the client's data does not support (the server says why) needs a second, explicit "change anyway", which
 * the server audits. The spec's demo controls (Auto Advance, the Loop, bare Previous/Next) never act on a real
 * client: they live on the Tax Card Demo page, in development mode.
 */
export function StatusControls({
  client,
  taxYear,
  statusId,
  onMoved,
}: {
  client: StatusClient
  taxYear: number
  statusId: number
  onMoved: (id: number) => void
}) {
  const { t } = useTranslation('admin')
  const m = useStatusMove(client, taxYear, statusId, onMoved)
  return (
    <section className="status-controls" aria-labelledby="status-controls-heading">
      <h2 id="status-controls-heading">{t('status.heading', { year: taxYear })}</h2>
      <StatusTracker current={m.current} />
      <ManageStatus client={client} m={m} />
      <ConfirmMove client={client} taxYear={taxYear} m={m} />
    </section>
  )
}

function useStatusName() {
  const { t } = useTranslation('admin')
  return (id: number) => t(`home:status.name.${statusById(id).name}`)
}

/** Choosing the next status and a note; the last move said in words until the next. */
function ManageStatus({ client, m }: { client: StatusClient; m: Move }) {
  const { t } = useTranslation('admin')
  const statusName = useStatusName()
  const name = client.name || client.email
  const movedText = (moved: NonNullable<Move['moved']>) =>
    [
      `${t('status.moved', { name, to: statusName(moved.to) })} (${formatTime(new Date(moved.at).toISOString())}).`,
      client.emailUpdates ? t('status.moved_told_mail', { name }) : t('status.moved_told_app', { name }),
      moved.note ? t('status.moved_with_note') : '',
    ]
      .filter(Boolean)
      .join(' ')
  return (
    <article className="manage-status">
      <h3>{t('status.manage_heading')}</h3>
      <div className="control-row">
        <label>
          {t('status.select_label')}
          <select value={m.selected} onChange={(e) => m.setSelected(e.target.value)}>
            <option value="">{t('status.select_placeholder')}</option>
            {TAX_STATUSES.map((s) => (
              <option key={s.id} value={s.id} disabled={s.id === m.current}>
                {s.id} · {t(`home:status.name.${s.name}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label>
        {t('status.note')}
        <textarea value={m.note} maxLength={1000} rows={2} onChange={(e) => m.setNote(e.target.value)} />
        <small className="muted">{t('status.note_help')}</small>
      </label>
      <button type="button" disabled={m.busy || !m.selected} onClick={m.open}>
        {t('status.change')}
      </button>
      <p className="status-moved" role="status">
        {m.moved && movedText(m.moved)}
      </p>
    </article>
  )
}

/** The confirmation naming the client, the move and the mail; a refused move asks for "change anyway". */
function ConfirmMove({ client, taxYear, m }: { client: StatusClient; taxYear: number; m: Move }) {
  const { t } = useTranslation('admin')
  const statusName = useStatusName()
  const name = client.name || client.email
  return (
    <Dialog
      open={m.step !== 'closed'}
      onClose={m.close}
      labelledBy="status-confirm-title"
      title={m.step === 'override' ? t('status.unsupported_title', { name }) : t('status.confirm_title', { name })}
      footer={
        <>
          <button type="button" className="secondary" onClick={m.close}>
            {t('status.cancel')}
          </button>
          <button
            type="button"
            className={m.step === 'override' ? 'contrast' : undefined}
            disabled={m.busy}
            onClick={() => void m.move(m.step === 'override')}
          >
            {m.step === 'override' ? t('status.override_button') : t('status.confirm_button')}
          </button>
        </>
      }
    >
      <p>
        {t('status.confirm_move', {
          year: taxYear,
          from: statusName(m.current),
          to: m.selected ? statusName(m.target) : '',
        })}
      </p>
      {m.step === 'override' ? (
        <p role="alert">{t('status.unsupported_text', { reason: m.reason })}</p>
      ) : (
        <>
          <p>
            {client.emailUpdates
              ? t('status.confirm_mail', {
                  name,
                  email: client.email,
                  year: taxYear,
                  to: m.selected ? statusName(m.target) : '',
                })
              : t('status.confirm_app_only', { name })}
          </p>
          {m.note.trim() && <p className="muted">{t('status.confirm_note')}</p>}
        </>
      )}
    </Dialog>
  )
}
