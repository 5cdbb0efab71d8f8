import { prefetchSession } from './api/early'
import { type Chunk, firstScreen } from '../shared/first-screen'
import { prefetchLocales, storedLanguage } from './locales'
import { withFallback } from '../shared/languages'

/**
 * Run by the page's entry (start.ts) before the app's code has arrived: the first screen's chunks and texts (and on
 * a signed-in screen the session, its stylesheet and on the dashboard its data) are asked for now, travelling with
 * the app's code instead of one round trip after it.
 */
export function startFirstScreen(path: string) {
  const first = firstScreen(path)
  for (const chunk of first.chunks) preloadChunk(chunk)
  prefetchLocales(withFallback(storedLanguage()), first.namespaces)
  if (first.chunk === 'signed-in')
    prefetchSession({
      dashboard: path === '/',
      // Signed out, the app goes on to the sign-in form at once: its code and texts are asked for now, or the first
      // visit of "/" waited for them behind a "Please wait" (issue 25).
      signedOut: () => {
        const login = firstScreen('/login')
        for (const chunk of login.chunks) preloadChunk(chunk)
        const missing = login.namespaces.filter((ns) => !first.namespaces.includes(ns))
        prefetchLocales(withFallback(storedLanguage()), missing)
      },
    })
}

/**
 * A lazy chunk and the chunks it imports, which build.ts lists in index.html: preloaded together, where importing
 * the chunk would find its imports only once it has arrived, one round trip later.
 */
function preloadChunk(chunk: Chunk) {
  const list = document.querySelector<HTMLMetaElement>('meta[name="swisstax:chunks"]')?.content
  if (!list) return
  const chunks = JSON.parse(list) as Record<string, string[]>
  for (const href of chunks[chunk] ?? []) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    document.head.append(link)
  }
}
