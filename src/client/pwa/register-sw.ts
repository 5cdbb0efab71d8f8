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
