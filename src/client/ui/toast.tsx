import { atom, useAtom } from 'jotai'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { store } from '../store'

export interface Toast {
  id: number
  title: string
  description?: string
  variant?: 'default' | 'destructive' | 'success'
  duration?: number
}

const DEFAULT_DURATION = 5000
const SWIPE_THRESHOLD = 50

/** At most one toast at a time (spec part 1 §9): a new one replaces the current. */
export const toastAtom = atom<Toast | null>(null)
let nextId = 1

export function toast(t: Omit<Toast, 'id'>) {
  store.set(toastAtom, { ...t, id: nextId++ })
}

/** The viewport: F8 focuses it, swipe right dismisses, max width 420 px. */
export function Toaster() {
  const { t } = useTranslation()
  const [current, setCurrent] = useAtom(toastAtom)
  const viewport = useRef<HTMLOListElement>(null)
  const [dx, setDx] = useState(0)
  const start = useRef<number | null>(null)

  useEffect(() => {
    if (!current) return
    const timer = setTimeout(
      () => setCurrent((c) => (c?.id === current.id ? null : c)),
      current.duration ?? DEFAULT_DURATION,
    )
    return () => clearTimeout(timer)
  }, [current, setCurrent])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault()
        viewport.current?.focus()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const end = () => {
    if (dx > SWIPE_THRESHOLD) setCurrent(null)
    setDx(0)
    start.current = null
  }

  return (
    <ol ref={viewport} className="toast-viewport" tabIndex={-1} aria-label={t('toast.region')} aria-live="polite">
      {current && (
        <li
          key={current.id}
          className={`toast toast-${current.variant ?? 'default'}`}
          style={{ transform: dx ? `translateX(${dx}px)` : undefined }}
          onPointerDown={(e) => {
            start.current = e.clientX
          }}
          onPointerMove={(e) => {
            if (start.current !== null) setDx(Math.max(0, e.clientX - start.current))
          }}
          onPointerUp={end}
          onPointerCancel={end}
        >
          <div role={current.variant === 'destructive' ? 'alert' : 'status'}>
            <strong className="toast-title">{current.title}</strong>
            {current.description && <p className="toast-description">{current.description}</p>}
          </div>
          <button type="button" className="toast-close" aria-label={t('toast.close')} onClick={() => setCurrent(null)}>
            ×
          </button>
        </li>
      )}
    </ol>
  )
}
