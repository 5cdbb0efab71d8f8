import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { useSessionUser } from '../api/user'
import { toast } from '../ui/toast'

/**
 * The dashboard's Debug button (spec part 1 §6): experts go to their panel, everyone else gets the spec's refusal.
 * Its texts are the dashboard's (home), so that a taxpayer's first screen does not load the experts' texts.
 */
export function DebugButton() {
  const { t } = useTranslation('home')
  const user = useSessionUser()
  const [, navigate] = useLocation()
  const open = () => {
    if (user?.role === 'admin') return navigate('/admin?tab=system')
    toast({ title: t('debug.restricted_title'), description: t('debug.restricted_text'), variant: 'destructive' })
  }
  return (
    <button type="button" className="outline debug-button" onClick={open}>
      {t('debug.button')}
    </button>
  )
}
