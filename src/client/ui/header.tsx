import { useAtomValue } from 'jotai'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'wouter'
import { useSaveLanguage, useSessionUser } from '../api/user'
import { logout } from '../api/session'
import { toast } from './toast'
import { clearApiCache } from '../api/client'
import { queryClient } from '../api/query-client'
import { installPromptAtom, isStandalone, promptInstall } from './install-prompt'
import { Logo } from './logo'
import { LanguageSelect } from './language-select'
import { NotificationsBell } from './notifications-bell'

/**
 * The app header (spec part 1 §2): logo (clears cached data, goes to /), the menu
 * with Profile and Logout, collapsing to a dropdown under 768 px, the install
 * button, and the admin entries for role admin only. The bell is on every signed-in
 * page; `extra` holds a page's own header tools.
 */
export function Header({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation()
  const user = useSessionUser()
  const saveLanguage = useSaveLanguage()
  const installPrompt = useAtomValue(installPromptAtom)
  const [open, setOpen] = useState(false)
  const isAdmin = user?.role === 'admin'

  const items = <MenuItems isAdmin={isAdmin} onFollow={() => setOpen(false)} />
  const canInstall = !isStandalone() && Boolean(installPrompt)
  return (
    <header className="app-header">
      <nav className="container" aria-label={t('nav.label')}>
        <ul>
          <HomeButton />
        </ul>
        <ul className="header-tools">
          {extra}
          {user && <NotificationsBell />}
          {/* On a phone "Install app" lives in the menu: the header row has no room for it at 360 px. */}
          {canInstall && (
            <li className="install-wide">
              <button type="button" className="install-button" onClick={promptInstall}>
                {t('install.button')}
              </button>
            </li>
          )}
          <li className="header-language">
            <LanguageSelect
              id="header-language"
              onChanged={(code) => {
                if (user) saveLanguage.mutate(code)
              }}
            />
          </li>
          <li className="menu-wide">
            <ul className="menu-inline">{items}</ul>
          </li>
          <li className="menu-narrow">
            <button
              type="button"
              className="outline menu-toggle"
              aria-expanded={open}
              aria-controls="app-menu"
              onClick={() => setOpen(!open)}
            >
              {t('nav.menu')}
            </button>
            {open && (
              <ul id="app-menu" className="menu-dropdown">
                {canInstall && (
                  <li>
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => {
                        setOpen(false)
                        promptInstall()
                      }}
                    >
                      {t('install.button')}
                    </button>
                  </li>
                )}
                {items}
              </ul>
            )}
          </li>
        </ul>
      </nav>
    </header>
  )
}

/** The logo starts the signed-in pages afresh: cached bodies are dropped and every query refetches. */
function HomeButton() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const goHome = () => {
    clearApiCache()
    sessionStorage.clear()
    void queryClient.invalidateQueries()
    navigate('/')
  }
  return (
    <li>
      {/* Its name begins with the brand name it shows (WCAG 2.5.3, label in name), then says where it leads. */}
      <button type="button" className="logo-button" onClick={goHome}>
        <Logo size="sm" decorative />
        <span className="app-name">{t('app_name')}</span> <span className="visually-hidden">{t('nav.home')}</span>
      </button>
    </li>
  )
}

/** Profile, the experts' pages for an admin, and Logout: inline on a desk, in the dropdown on a phone. */
function MenuItems({ isAdmin, onFollow }: { isAdmin: boolean; onFollow: () => void }) {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const signOut = async () => {
    if (!(await logout())) toast({ title: t('logout.failed'), variant: 'destructive' })
    navigate('/login')
  }
  return (
    <>
      <li>
        <Link href="/profile" onClick={onFollow}>
          {t('nav.profile')}
        </Link>
      </li>
      {isAdmin && (
        <li>
          <Link href="/admin" onClick={onFollow}>
            {t('nav.admin')}
          </Link>
        </li>
      )}
      {isAdmin && (
        <li>
          <Link href="/cantons" onClick={onFollow}>
            {t('nav.cantons')}
          </Link>
        </li>
      )}
      {isAdmin && (
        <li>
          <Link href="/address-demo" onClick={onFollow}>
            {t('nav.address_lookup')}
          </Link>
        </li>
      )}
      <li>
        <button type="button" className="link-button" onClick={() => void signOut()}>
          {t('nav.logout')}
        </button>
      </li>
    </>
  )
}
