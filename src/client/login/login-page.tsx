import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'wouter'
import { call, quietApi } from '../api/client'
import { LanguageSelect } from '../ui/language-select'
import { Logo } from '../ui/logo'
import { useIntroPhase } from './intro'
import { LoginCard } from './login-card'
import { ChangelogButton } from './changelog-dialog'
import { FOCUS_SOUND, INTRO_SOUND, playSound, setSoundsEnabled, soundsEnabled } from './sound'

// Development builds only: the bundler drops this import from production.
const DebugPanel =
  process.env.NODE_ENV === 'production'
    ? null
    : lazy(() => import('./debug-panel').then((m) => ({ default: m.DebugPanel })))

const FEATURES = ['analysis', 'storage', 'privacy', 'pricing', 'needed_only', 'mobile', 'refunds'] as const

export default function LoginPage() {
  const { t } = useTranslation(['login', 'changelog'])
  const phase = useIntroPhase()
  const [blocked, setBlocked] = useState(false)
  const [shake, setShake] = useState(false)
  const played = useRef(false)
  const playIntro = async () => {
    played.current = true
    setBlocked(!(await playSound(INTRO_SOUND)))
  }
  // The first touch or click anywhere plays the intro sound once.
  const first = useEffectEvent(() => {
    if (!played.current) playIntro()
  })
  useEffect(() => {
    const onFirst = () => first()
    window.addEventListener('pointerdown', onFirst, { once: true })
    return () => window.removeEventListener('pointerdown', onFirst)
  }, [])

  useLeaveWhenSignedIn()

  const onEmailFocus = () => {
    playSound(FOCUS_SOUND)
    setShake(true)
    setTimeout(() => setShake(false), 600)
  }

  // The intro plays around the form, never in front of it: the e-mail field is usable from the first frame, and the
  // language picker is the first thing on the screen (a phone's first screen ends about where the form does).
  return (
    <div className={`login-screen intro-${phase}`}>
      <main className="login-main">
        <div className="login-top">
          <LanguageSelect id="login-language" />
        </div>
        <div className="login-brand">
          <div className="intro-logo">
            {phase === 'logo' && <div className="flash" aria-hidden="true" />}
            <Logo
              size="md"
              onActivate={playIntro}
              className={`${phase === 'logo' ? 'enlarged' : ''} ${blocked ? 'pulse' : ''}`}
            />
          </div>
          <p className="brand-name">{t('common:app_name')}</p>
          <p className="slogan">{t('slogan')}</p>
        </div>
        <article className="login-card">
          <header className="login-header">
            <h1 className={shake ? 'shake' : ''}>{t('title')}</h1>
            <p className="subtitle">{t('subtitle')}</p>
          </header>
          <LoginCard onEmailFocus={onEmailFocus} />
          <ul className="features">
            {FEATURES.map((f) => (
              <li key={f}>{t(`features.${f}`)}</li>
            ))}
          </ul>
          <footer className="login-footer">
            <SoundToggle />
            <ChangelogButton />
          </footer>
        </article>
        <nav className="legal-links" aria-label={t('links.title')}>
          <Link href="/terms-and-conditions">{t('links.terms')}</Link>
          <Link href="/data-protection">{t('links.privacy')}</Link>
          <Link href="/cookies">{t('links.cookies')}</Link>
        </nav>
      </main>
      {DebugPanel && (
        <Suspense fallback={null}>
          <DebugPanel />
        </Suspense>
      )}
    </div>
  )
}

/** Already signed in: the signed-in area takes over (and sends a new account to its registration). */
function useLeaveWhenSignedIn() {
  const [, navigate] = useLocation()
  useEffect(() => {
    let live = true
    call(quietApi.debug['check-auth'].get()).then(
      () => {
        if (live) navigate('/', { replace: true })
      },
      () => {},
    )
    return () => {
      live = false
    }
  }, [navigate])
}

function SoundToggle() {
  const { t } = useTranslation('login')
  const [sounds, setSounds] = useState(soundsEnabled)
  const toggle = () => {
    setSoundsEnabled(!sounds)
    setSounds(!sounds)
  }
  return (
    <button type="button" className="quiet sound-toggle" aria-pressed={sounds} onClick={toggle}>
      {sounds ? t('sounds_on') : t('sounds_off')}
    </button>
  )
}
