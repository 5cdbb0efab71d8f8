import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { nextStatusId, previousStatusId } from '../../shared/tax-status'
import { StatusTracker } from '../admin/status-tracker'

export const AUTO_ADVANCE_MS = 2500
export const LOOP_MS = 2000

/**
 * The spec's status demo (part 2 §2, §4): Previous, Next, Auto Advance every 2.5 s, a Loop every 2 s that first
 * resets and counts laps, on a tracker of its own. It moves nothing on the server and nobody is notified: a demo
 * of the six statuses for development, never a control on a real client (docs/experts.md).
 */
export function StatusDemo() {
  const { t } = useTranslation('admin')
  const [current, setCurrent] = useState(1)
  const [mode, setMode] = useState<'idle' | 'auto' | 'loop'>('idle')
  const [laps, setLaps] = useState(0)
  const currentRef = useRef(current)
  currentRef.current = current

  useEffect(() => {
    if (mode === 'idle') return
    if (mode === 'loop') setCurrent(1)
    const timer = setInterval(
      () => {
        const to = nextStatusId(currentRef.current)
        if (mode === 'loop' && to === 1) setLaps((n) => n + 1)
        setCurrent(to)
      },
      mode === 'auto' ? AUTO_ADVANCE_MS : LOOP_MS,
    )
    return () => clearInterval(timer)
  }, [mode])

  return (
    <section className="status-controls" aria-labelledby="status-demo-heading">
      <h2 id="status-demo-heading">{t('status.demo_heading')}</h2>
      <StatusTracker current={current} details={false} />
      <div className="control-row">
        <button
          type="button"
          className="secondary"
          disabled={mode !== 'idle'}
          onClick={() => setCurrent(previousStatusId(current))}
        >
          {t('status.previous')}
        </button>
        <button type="button" disabled={mode !== 'idle'} onClick={() => setCurrent(nextStatusId(current))}>
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
    </section>
  )
}
