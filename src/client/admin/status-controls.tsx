import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  nextStatusId,
  previousStatusId,
  TAX_STATUSES,
  TRACKER_PERCENT,
  type TaxStatusId,
} from '../../shared/tax-status'
import { messageOf } from '../api/client'
import { toast } from '../ui/toast'
import { moveStatus } from './admin-api'

export const AUTO_ADVANCE_MS = 2500
export const LOOP_MS = 2000

/**
 * The spec's status controls on the selected client (part 2 §2, §4): Previous, Next,
 * Auto Advance every 2.5 s, a Loop every 2 s that first resets and counts laps, the
 * six-status tracker; the timers exclude each other and stop at the first error.
 * Plus the manage-tax-status card: a status select with Update Status, and Reset.
 * Every move goes through the server, which notifies the client in the app; the mail of a
 * series of moves without a note (the timers, Next in a row) goes once the status has settled.
 */
export function StatusControls({
  userId,
  taxYear,
  statusId,
  onMoved,
}: {
  userId: number
  taxYear: number
  statusId: number
  onMoved: (id: number) => void
}) {
  const { t } = useTranslation('admin')
  const [current, setCurrent] = useState<number>(statusId)
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  const [mode, setMode] = useState<'idle' | 'auto' | 'loop'>('idle')
  const [laps, setLaps] = useState(0)
  const [selected, setSelected] = useState('')
  const currentRef = useRef(current)
  currentRef.current = current
  useEffect(() => {
    setCurrent(statusId)
  }, [statusId])

  /** One move; false when the server refused it (the timers stop then). */
  const move = async (to: TaxStatusId, withNote = true): Promise<boolean> => {
    setBusy(true)
    try {
      const r = await moveStatus(userId, to, taxYear, withNote ? note.trim() || undefined : undefined)
      setCurrent(r.current_status_id)
      onMoved(r.current_status_id)
      if (withNote) setNote('')
      return true
    } catch (err) {
      toast({
        title: t('status.update_failed'),
        description: messageOf(err, t('status.update_failed_text')),
        variant: 'destructive',
      })
      setMode('idle')
      return false
    } finally {
      setBusy(false)
    }
  }

  // The timers below live as long as the mode; they call the newest `move` (its note, its year).
  const moveRef = useRef(move)
  moveRef.current = move

  useEffect(() => {
    if (mode === 'idle') return
    let stopped = false
    const move = (to: TaxStatusId, withNote: boolean) => moveRef.current(to, withNote)
    const step = async () => {
      const to = nextStatusId(currentRef.current)
      const ok = await move(to, false)
      if (ok && mode === 'loop' && to === 1 && !stopped) setLaps((n) => n + 1)
    }
    const start = async () => {
      // The loop first resets to the first status, then advances with wrap-around.
      if (mode === 'loop' && !(await move(1, false))) return
    }
    void start()
    const timer = setInterval(
      () => {
        if (!stopped) void step()
      },
      mode === 'auto' ? AUTO_ADVANCE_MS : LOOP_MS,
    )
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [mode])

  const update = () => {
    if (!selected) return toast({ title: t('status.select_required'), variant: 'destructive' })
    void move(Number(selected) as TaxStatusId)
  }

  return (
    <section className="status-controls" aria-labelledby="status-controls-heading">
      <h2 id="status-controls-heading">{t('status.heading', { year: taxYear })}</h2>
      <ol className="status-tracker">
        {TAX_STATUSES.map((s) => (
          <li
            key={s.id}
            aria-current={s.id === current ? 'step' : undefined}
            className={s.id <= current ? 'reached' : undefined}
          >
            <span className="tracker-percent">{TRACKER_PERCENT[s.id]}%</span>
            <span>{t(`home:status.name.${s.name}`)}</span>
            <small className="muted">{t(`status.tracker.${s.name}`)}</small>
          </li>
        ))}
      </ol>
      <label>
        {t('status.note')}
        <textarea value={note} maxLength={1000} rows={2} onChange={(e) => setNote(e.target.value)} />
        <small className="muted">{t('status.note_help')}</small>
      </label>
      <div className="control-row">
        <button
          type="button"
          className="secondary"
          disabled={busy || mode !== 'idle'}
          onClick={() => move(previousStatusId(current))}
        >
          {t('status.previous')}
        </button>
        <button type="button" disabled={busy || mode !== 'idle'} onClick={() => move(nextStatusId(current))}>
          {t('status.next')}
        </button>
        <button
          type="button"
          className="outline"
          aria-pressed={mode === 'auto'}
          disabled={mode === 'loop'}
          onClick={() => setMode(mode === 'auto' ? 'idle' : 'auto')}
        >
          {mode === 'auto' ? t('status.stop_auto') : t('status.auto_advance')}
        </button>
        <button
          type="button"
          className="outline"
          aria-pressed={mode === 'loop'}
          disabled={mode === 'auto'}
          onClick={() => {
            if (mode !== 'loop') setLaps(0)
            setMode(mode === 'loop' ? 'idle' : 'loop')
          }}
        >
          {mode === 'loop' ? t('status.stop_loop') : t('status.start_loop')}
        </button>
        <span className="muted" aria-live="polite">
          {t('status.laps', { count: laps })}
        </span>
      </div>
      <article className="manage-status">
        <h3>{t('status.manage_heading')}</h3>
        <div className="control-row">
          <label>
            {t('status.select_label')}
            <select value={selected} onChange={(e) => setSelected(e.target.value)}>
              <option value="">{t('status.select_placeholder')}</option>
              {TAX_STATUSES.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.id} · {t(`home:status.name.${s.name}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="button" disabled={busy || mode !== 'idle'} onClick={update}>
            {t('status.update')}
          </button>
          <button type="button" className="secondary" disabled={busy || mode !== 'idle'} onClick={() => move(1)}>
            {t('status.reset')}
          </button>
        </div>
      </article>
    </section>
  )
}
