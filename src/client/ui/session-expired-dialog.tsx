import { useAtom } from 'jotai'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { sessionExpiredAtom } from '../store'
import { forgetSession } from '../api/session'
import { Dialog } from './dialog'

/** Opened by any 401 (spec part 1 §8): Cancel keeps the page, Log In goes to /login. */
export function SessionExpiredDialog() {
  const { t } = useTranslation()
  const [open, setOpen] = useAtom(sessionExpiredAtom)
  const [, navigate] = useLocation()
  const login = () => {
    setOpen(false)
    forgetSession()
    navigate('/login')
  }
  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      title={t('session.expired_title')}
      labelledBy="session-expired-title"
      footer={
        <>
          <button type="button" className="secondary" onClick={() => setOpen(false)}>
            {t('actions.cancel')}
          </button>
          {/* biome-ignore lint/a11y/noAutofocus: the dialog's main action takes the focus when it opens (WAI-ARIA ' +
            'dialog pattern) */}
          <button type="button" onClick={login} autoFocus>
            {t('session.log_in')}
          </button>
        </>
      }
    >
      <p>{t('session.expired_text')}</p>
    </Dialog>
  )
}
