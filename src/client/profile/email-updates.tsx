import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, call, messageOf } from '../api/client'
import { invalidateUser } from '../api/user'
import { toast } from '../ui/toast'

/** The profile's switch for e-mail from the experts' side (expert replies, status moves, deadlines); on by default. */
export function EmailUpdates({ on }: { on: boolean }) {
  const { t } = useTranslation('profile')
  const [busy, setBusy] = useState(false)
  const change = async (emailUpdates: boolean) => {
    setBusy(true)
    try {
      await call(api.user['email-updates'].put({ emailUpdates }))
      await invalidateUser()
      toast({ title: t('email_updates.saved'), variant: 'success', duration: 2000 })
    } catch (err) {
      toast({ title: t('email_updates.failed'), description: messageOf(err, ''), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }
  return (
    <article className="profile-card">
      <h2>{t('email_updates.title')}</h2>
      <label>
        <input
          type="checkbox"
          role="switch"
          checked={on}
          aria-checked={on}
          disabled={busy}
          onChange={(e) => change(e.target.checked)}
        />
        {t('email_updates.label')}
      </label>
      <p className="muted">{t('email_updates.help')}</p>
    </article>
  )
}
