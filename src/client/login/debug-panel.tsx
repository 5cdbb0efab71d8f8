import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { api, messageOf } from '../api'
import { toast } from '../ui/toast'
import { loadSessionUser } from '../session'

/**
 * The hidden debug panel (Ctrl+Shift+D): the dev mailbox and login-as. The database
 * status needs an expert's session and lives in /admin (admin/debug-panel.tsx).
 * Only compiled into development builds:
 * in production this module is never reached and the server has no such routes.
 */
export function DebugPanel() {
  const { t } = useTranslation('login')
  const [, navigate] = useLocation()
  const [open, setOpen] = useState(false)
  const [mails, setMails] = useState<{ to: string; code: string }[]>([])

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

  const refresh = async () => {
    try {
      setMails((await api<{ mails: { to: string; code: string }[] }>('/api/debug/mailbox', { quiet401: true })).mails)
    } catch (err) {
      toast({ title: t('debug.check_failed'), description: messageOf(err, ''), variant: 'destructive' })
    }
  }
  useEffect(() => {
    if (!open) return
    refresh()
    const timer = setInterval(refresh, 10_000)
    return () => clearInterval(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open])

  const loginAs = async (id: number) => {
    try {
      await api(`/api/debug/login-as/${id}`, { quiet401: true })
      const user = await loadSessionUser()
      navigate(user?.role === 'admin' ? '/admin' : user?.isProfileComplete ? '/' : '/profile?firstTime=true')
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
          <ul>{mails.slice(0, 5).map((m, i) => <li key={i}><code>{m.code}</code> → {m.to}</li>)}</ul>
        </>
      )}
      <div className="grid">
        <button type="button" onClick={refresh}>{t('debug.refresh')}</button>
        <button type="button" className="secondary" onClick={() => loginAs(1)}>{t('debug.login_as_first')}</button>
      </div>
    </aside>
  )
}
