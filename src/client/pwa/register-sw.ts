/**
 * Registers the service worker from its fixed root path, asks it to update and
 * tells a waiting worker to skip waiting (spec part 2 §2). Errors are only logged.
 */
export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return
  try {
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' })
    await registration.update().catch(() => {})
    const waiting = registration.waiting ?? registration.active
    waiting?.postMessage({ type: 'SKIP_WAITING' })
  } catch (err) {
    console.warn('service worker registration failed', err)
  }
}

/** The texts of every screen a signed-in person can reach, the sign-in form's included (after a sign-out). */
const OFFLINE_NAMESPACES = [
  'common',
  'login',
  'home',
  'documents',
  'profile',
  'wizard',
  'advanced',
  'cantons',
  'changelog',
  'legal',
]
/** After the page has settled, so that the warm-up never competes with the screen's own requests. */
const WARM_DELAY_MS = 5000

/**
 * Offline, a screen whose texts were never fetched could not be drawn. Once the service worker
 * controls the page, the texts of every signed-in screen in the person's language (and English,
 * the fallback) are fetched once in the background, which puts them in the worker's cache
 * (build.ts: locales are cached at run time). Only the cache is wanted: the answers are not read.
 */
export function warmOfflineTexts(language: string) {
  if (!navigator.onLine || !navigator.serviceWorker?.controller) return () => {}
  const timer = setTimeout(() => {
    for (const lng of new Set([language, 'en']))
      for (const ns of OFFLINE_NAMESPACES) void fetch(`/locales/${lng}/${ns}.json`).catch(() => {})
  }, WARM_DELAY_MS)
  return () => clearTimeout(timer)
}
