import { useEffect, useEffectEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { call, devApi, messageOf } from '../api/client'
import { toast } from '../ui/toast'

// The mailbox only: the database status needs an expert's session and lives in /admin (admin/debug-panel.tsx).
const load = async () => ({ mails: (await call(devApi.debug.mailbox.get())).mails })

/** The debug panel polls the database status and the dev mailbox every 10 s (spec part 1 §7). */
const DEBUG_POLL_MS = 10_000

/**
 * The hidden debug panel (Ctrl+Shift+D). Only compiled into development builds:
 * in production this module is never reached and the server has no such routes.
 */
export function DebugPanel() {
  const { t } = useTranslation('login')
  const [, navigate] = useLocation()
  const [open, setOpen] = useState(false)
  // Plain state, not a query: /login has no query client (its JavaScript budget), and this is dev-only.
  const [data, setData] = useState<Awaited<ReturnType<typeof load>> | null>(null)
  const mails = data?.mails ?? []

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey && e.shiftKey && (e.key === 'D' || e.key === 'd')) {
        e.preventDefault()
        setOpen((o) => !o)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const refresh = () => {
    load().then(setData, (err: unknown) =>
      toast({ title: t('debug.check_failed'), description: messageOf(err, ''), variant: 'destructive' }),
    )
  }
  const poll = useEffectEvent(refresh)
  useEffect(() => {
    if (!open) return
    poll()
    const timer = setInterval(() => poll(), DEBUG_POLL_MS)
    return () => clearInterval(timer)
  }, [open])

  const loginAs = async (id: number) => {
    try {
      await call(devApi.debug['login-as']({ userId: id }).get())
      // The signed-in area sends a new account on to its registration.
      navigate('/')
    } catch (err) {
      if (id === 1) return loginAs(2)
      toast({ title: t('debug.login_failed'), description: messageOf(err, ''), variant: 'destructive' })
    }
  }

  if (!open) return null
  return (
    <aside className="debug-panel" aria-label={t('debug.title')}>
      <h2>{t('debug.title')}</h2>
      {mails.length > 0 && (
        <>
          <h3>{t('debug.mailbox')}</h3>
          <ul>
            {mails.slice(0, 5).map((m) => (
              <li key={`${m.to} ${m.code}`}>
                <code>{m.code}</code> → {m.to}
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="grid">
        <button type="button" onClick={refresh}>
          {t('debug.refresh')}
        </button>
        <button type="button" className="secondary" onClick={() => loginAs(1)}>
          {t('debug.login_as_first')}
        </button>
      </div>
    </aside>
  )
}
