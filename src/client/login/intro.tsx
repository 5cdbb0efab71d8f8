import { useEffect, useRef, useState } from 'react'

export const INTRO_TEXT_MS = 2000
export const INTRO_LOGO_MS = 2000
export const INTRO_DONE_MS = 2000

export type IntroPhase = 'text' | 'logo' | 'settled' | 'done'

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
const SEEN_KEY = 'swisstax:intro-seen'

/** True once this browser has started the intro (or cannot remember it: then it is not shown). */
function introSeen(): boolean {
  try {
    return localStorage.getItem(SEEN_KEY) === '1'
  } catch {
    return true
  }
}

/**
 * The animated intro (spec part 1 §2): 2 s the name and slogan fading in under the logo, then the logo enlarged
 * with a flash, settling after 2 s. It plays around the sign-in form, which is usable from the first frame (issue 25:
 * a form held back 6 s behind it was the first visit's longest wait). It plays on a browser's first visit only (never
 * again, so never after a logout), never with prefers-reduced-motion, and any key, click or tap ends it.
 */
export function useIntroPhase(): IntroPhase {
  const [phase, setPhase] = useState<IntroPhase>(() => (reducedMotion() || introSeen() ? 'done' : 'text'))
  const plays = useRef(phase !== 'done')
  useEffect(() => {
    if (!plays.current) return
    try {
      localStorage.setItem(SEEN_KEY, '1')
    } catch {
      /* not remembered */
    }
    const skip = () => setPhase('done')
    const events = ['keydown', 'pointerdown', 'touchstart'] as const
    for (const e of events) window.addEventListener(e, skip, { once: true })
    const timers = [
      setTimeout(() => setPhase('logo'), INTRO_TEXT_MS),
      setTimeout(() => setPhase('settled'), INTRO_TEXT_MS + INTRO_LOGO_MS),
      setTimeout(() => setPhase('done'), INTRO_TEXT_MS + INTRO_LOGO_MS + INTRO_DONE_MS),
    ]
    return () => {
      for (const timer of timers) clearTimeout(timer)
      for (const e of events) window.removeEventListener(e, skip)
    }
  }, [])
  return phase
}
