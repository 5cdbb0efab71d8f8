import { useAtomValue } from 'jotai'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'wouter'
import { sessionUserAtom } from '../store'
import { logout } from '../session'
import { clearApiCache } from '../api'
import { installPromptAtom, isStandalone, promptInstall } from '../pwa/install'
import { Logo } from './logo'
import { LanguageSelect } from './language-select'
import { PolledNotificationsBell } from '../home/notifications-bell'

/**
 * The app header (spec part 1 §2): logo (clears cached data, goes to /), the menu
 * with Profile and Logout, collapsing to a dropdown under 768 px, the install
 * button, and the admin entries for role admin only. The bell is on every signed-in
 * page: the dashboard passes its own in `extra` (it shares the dashboard's data).
 */
export function Header({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation()
  const user = useAtomValue(sessionUserAtom)
  const installPrompt = useAtomValue(installPromptAtom)
  const [, navigate] = useLocation()
  const [open, setOpen] = useState(false)
  const isAdmin = user?.role === 'admin'

  const goHome = () => {
    clearApiCache()
    sessionStorage.clear()
    navigate('/')
  }
  const items = (
    <>
      <li><Link href="/profile" onClick={() => setOpen(false)}>{t('nav.profile')}</Link></li>
      {isAdmin && <li><Link href="/admin" onClick={() => setOpen(false)}>{t('nav.admin')}</Link></li>}
      {isAdmin && <li><Link href="/cantons" onClick={() => setOpen(false)}>{t('nav.cantons')}</Link></li>}
      {isAdmin && <li><Link href="/address-demo" onClick={() => setOpen(false)}>{t('nav.address_lookup')}</Link></li>}
      <li><button type="button" className="link-button" onClick={() => logout(navigate)}>{t('nav.logout')}</button></li>
    </>
  )
  const canInstall = !isStandalone() && Boolean(installPrompt)
  return (
    <header className="app-header">
      <nav className="container">
        <ul>
          <li>
            <button type="button" className="logo-button" onClick={goHome} aria-label={t('nav.home')}>
              <Logo size="sm" decorative />
              <span className="app-name">{t('app_name')}</span>
            </button>
          </li>
        </ul>
        <ul className="header-tools">
          {extra ?? (user && <PolledNotificationsBell />)}
          {/* On a phone "Install app" lives in the menu: the header row has no room for it at 360 px. */}
          {canInstall && (
            <li className="install-wide"><button type="button" className="install-button" onClick={promptInstall}>{t('install.button')}</button></li>
          )}
          <li className="header-language"><LanguageSelect id="header-language" /></li>
          <li className="menu-wide"><ul className="menu-inline">{items}</ul></li>
          <li className="menu-narrow">
            <button type="button" className="outline menu-toggle" aria-expanded={open} aria-controls="app-menu" onClick={() => setOpen(!open)}>
              {t('nav.menu')}
            </button>
            {open && (
              <ul id="app-menu" className="menu-dropdown">
                {canInstall && <li><button type="button" className="link-button" onClick={() => { setOpen(false); promptInstall() }}>{t('install.button')}</button></li>}
                {items}
              </ul>
            )}
          </li>
        </ul>
      </nav>
    </header>
  )
}
