import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Logo } from '../ui/logo'

export const INTRO_TEXT_MS = 2000
export const INTRO_LOGO_MS = 2000
export const INTRO_DONE_MS = 2000

export type IntroPhase = 'text' | 'logo' | 'settled' | 'done'

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true

/**
 * The animated intro (spec part 1 §2): 2 s title and slogan, then the logo enlarged
 * with a flash, settling after 2 s, and the login card 2 s later. With
 * prefers-reduced-motion the intro is skipped.
 */
export function useIntroPhase(): IntroPhase {
  const [phase, setPhase] = useState<IntroPhase>(() => (reducedMotion() ? 'done' : 'text'))
  useEffect(() => {
    if (phase === 'done') return
    const timers = [
      setTimeout(() => setPhase('logo'), INTRO_TEXT_MS),
      setTimeout(() => setPhase('settled'), INTRO_TEXT_MS + INTRO_LOGO_MS),
      setTimeout(() => setPhase('done'), INTRO_TEXT_MS + INTRO_LOGO_MS + INTRO_DONE_MS),
    ]
    return () => timers.forEach(clearTimeout)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return phase
}

export function Intro({ phase, blocked, onLogo }: { phase: IntroPhase; blocked: boolean; onLogo: () => void }) {
  const { t } = useTranslation('login')
  return (
    <div className={`intro intro-${phase}`}>
      {phase === 'text' ? (
        <div className="intro-text">
          <h1>{t('common:app_name')}</h1>
          <p className="slogan">{t('slogan')}</p>
        </div>
      ) : (
        <div className="intro-logo">
          {phase === 'logo' && <div className="flash" aria-hidden="true" />}
          <Logo size="lg" onActivate={onLogo} className={`${phase === 'logo' ? 'enlarged' : ''} ${blocked ? 'pulse' : ''}`} />
        </div>
      )}
    </div>
  )
}
