import { dashboardReads, firstScreen, isRegisteredTaxpayer, SESSION_PATH } from '../../shared/first-screen'
import { DEFAULT_LANGUAGE, isActiveLanguage, withFallback } from '../../shared/languages'
import { defaultTaxYear } from '../../shared/tax-years'

/** Answers a GET of this app's API as the request's sender (app.ts passes the app's own handler). */
export type AskAs = (path: string, sender: Request) => Promise<Response>

interface Session {
  role?: string
  isProfileComplete?: boolean
  language?: string
}

/** The links of one page load, and whether they depend on who asked (a session's page is never shared by caches). */
export interface FirstScreenLinks {
  html: string
  personal: boolean
}

const ATTRIBUTE_UNSAFE = /[&"<>]/g
const attribute = (value: string) => value.replace(ATTRIBUTE_UNSAFE, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The preload links index.html carries for one page load (shared/first-screen.ts says what a first screen needs):
 * the browser fetches the first screen's code, its texts and, signed in, the signed-in screens' stylesheet, the
 * session and on the dashboard its five reads while it parses the page, all at once. Without them each waits for
 * the entry's code to arrive and run, and the dashboard's reads for the session's answer too: two round trips.
 * The page's entry still asks for the same (client/boot.ts), and its requests take these answers from the
 * browser's preload cache; a page the service worker serves has no links and the entry's requests go out.
 *
 * The texts named are English, which every language loads as its fallback, and the session's language. The session
 * is read through the app's own GET /api/user, with the request's cookie: who is signed in is decided in one place.
 */
export function firstScreenLinks(indexHtml: string, askAs: AskAs) {
  const chunks = JSON.parse(/name="swisstax:chunks" content='([^']*)'/.exec(indexHtml)?.[1] ?? '{}') as Record<
    string,
    string[]
  >
  const areaCss = /name="swisstax:area-css" content="([^"]*)"/.exec(indexHtml)?.[1]

  async function sessionOf(request: Request): Promise<Session | null> {
    if (!request.headers.has('cookie')) return null
    const answer = await askAs(SESSION_PATH, request)
    if (!answer.ok) return null
    const user = (await answer.json()) as Session | null
    return user?.role ? user : null
  }

  return async (request: Request, path: string): Promise<FirstScreenLinks> => {
    let first = firstScreen(path)
    const session = first.chunk === 'signed-in' ? await sessionOf(request) : null
    // Signed out, the app sends a signed-in route to the sign-in form: that is the screen to prepare.
    if (first.chunk === 'signed-in' && !session) first = firstScreen('/login')
    // The dashboard is a registered taxpayer's: the app sends anyone else on (an expert to /admin, a new person to
    // the registration), and their first screen is not the dashboard's.
    const dashboard = path === '/' && isRegisteredTaxpayer(session)
    if (session && path === '/' && !dashboard) first = firstScreen(session.role === 'admin' ? '/admin' : '/profile')
    const preload = (href: string, as: string) =>
      `<link rel="preload" as="${as}"${as === 'fetch' ? ' crossorigin' : ''} href="${attribute(href)}">`
    const links = [...new Set(first.chunks.flatMap((chunk) => chunks[chunk] ?? []))].map(
      (href) => `<link rel="modulepreload" href="${attribute(href)}">`,
    )
    // The session's language and English, its fallback: what i18next loads (the entry asks for the stored one).
    const spoken = session?.language
    for (const language of withFallback(isActiveLanguage(spoken) ? spoken : DEFAULT_LANGUAGE))
      for (const namespace of first.namespaces) links.push(preload(`/locales/${language}/${namespace}.json`, 'fetch'))
    if (session) {
      if (areaCss) links.push(preload(areaCss, 'style'))
      links.push(preload(SESSION_PATH, 'fetch'))
      if (dashboard) for (const read of dashboardReads(defaultTaxYear())) links.push(preload(read, 'fetch'))
    }
    return { html: links.join('\n'), personal: session !== null }
  }
}
