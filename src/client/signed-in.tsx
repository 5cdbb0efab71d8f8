import { useEffect, type ComponentType } from 'react'
import { lazyPage } from './pages/lazy-page'
import { useTranslation } from 'react-i18next'
import { warmOfflineTexts } from './pwa/register-sw'
import { Redirect, Route, Switch, useLocation } from 'wouter'
import { QueryClientProvider } from '@tanstack/react-query'
import { queryClient } from './api/query-client'
import { sessionQuery, useSessionUser, userKeys } from './api/user'
import { useSessionWatch } from './api/session'
import { SessionExpiredDialog } from './ui/session-expired-dialog'
import { useAreaStyles } from './styles/area-styles'
import { loadAreaStyles } from './styles/area-css'
import { keepOfflineCache, restoreWhenOffline } from './api/persist'
import './api/offline'
import { store, sessionExpiredAtom } from './store'
import HomePage, { prefetchDashboard } from './home/home-page'
import NotFoundPage from './pages/not-found'

/**
 * Everything but /login and the legal pages: loaded after /login (its budget is 110 KB
 * gzip), with the query client, the session watch and the Session Expired dialog.
 * The dashboard comes in this chunk with the area. A person's other screens come together in a second one
 * (person-pages.ts): split per page they made two dozen files of one or two kilobytes, each a request; in this chunk
 * they were three quarters of the code the dashboard waited for. The experts' screens stay apart: a taxpayer never
 * loads them.
 */
const personPages = () => import('./person-pages')
const personPage = <K extends keyof Awaited<ReturnType<typeof personPages>>>(name: K) =>
  lazyPage(() => personPages().then((pages) => ({ default: pages[name] })))
const ProfilePage = personPage('ProfilePage')
const FileHistoryPage = personPage('FileHistoryPage')
const CantonsPage = personPage('CantonsPage')
const AddressDemoPage = personPage('AddressDemoPage')
const AdvancedPage = personPage('AdvancedPage')
const AdvancedLegacyPage = personPage('AdvancedLegacyPage')
const TaxCardDemoPage = personPage('TaxCardDemoPage')
const ProgressBarPage = personPage('ProgressBarPage')
const FeatureTestPage = personPage('FeatureTestPage')
const PlansPage = personPage('PlansPage')
const AdminPage = lazyPage(() => import('./admin/admin-page'))
const ClientPage = lazyPage(() => import('./admin/client-page'))
// The living page of the design system: development builds only (the bundler drops it from production).
const DesignPage = process.env.NODE_ENV === 'production' ? null : lazyPage(() => import('./design/design-page'))

// Opened offline, the last data this person saw comes back before the first screen asks for the session
// (an offline banner says so and the screens are read-only); from then on every answer refreshes the copy.
restoreWhenOffline(queryClient)
keepOfflineCache(queryClient, () => {
  const session = queryClient.getQueryData(sessionQuery.queryKey)
  return session?.role === 'user' && !store.get(sessionExpiredAtom)
})

/** Signed-in routes. */
const PROTECTED: Record<string, ComponentType & { preload?: () => Promise<unknown> }> = {
  '/': HomePage,
  '/profile': ProfilePage,
  '/plans': PlansPage,
  '/file-history': FileHistoryPage,
  '/cantons': CantonsPage,
  '/address-demo': AddressDemoPage,
  '/admin': AdminPage,
  '/admin/clients/:id': ClientPage,
  '/advanced-tax-info': AdvancedPage,
  '/advanced-tax-info-legacy': AdvancedLegacyPage,
  '/tax-card-demo': TaxCardDemoPage,
  '/pgbar': ProgressBarPage,
  '/featuretest': FeatureTestPage,
}

/**
 * What the first signed-in screen waits for, fetched before the first render (boot.ts): its code, this area's
 * stylesheet and the session, so that nothing suspends and the screen is drawn once; the dashboard's reads too when
 * the session turns out to be a registered taxpayer's. A slow answer does not hold the first render back for long:
 * after FIRST_DATA_WAIT_MS the screen shows its own loading state.
 */
export async function preloadRoute(path: string) {
  const ready = Promise.all([PROTECTED[path]?.preload?.(), loadAreaStyles(), queryClient.prefetchQuery(sessionQuery)])
  const data = path === '/' ? ready.then(prefetchDashboard) : ready
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, FIRST_DATA_WAIT_MS)
    void data.finally(() => {
      clearTimeout(timer)
      resolve()
    })
  })
}
const FIRST_DATA_WAIT_MS = 1500

/** No one is signed in (the session's answer was a 401): the routes will send the page to /login. */
export const signedOut = () => queryClient.getQueryData(userKeys.session) === null

function Protected({ component: Component }: { component: ComponentType }) {
  useAreaStyles()
  const user = useSessionUser()
  const [location] = useLocation()
  if (user === null) return <Redirect to="/login" replace />
  // Experts work in /admin (docs/experts.md): never on a taxpayer's dashboard, never asked to register as a client.
  if (user.role === 'admin') return location === '/' ? <Redirect to="/admin" replace /> : <Component />
  // First-time registration (name, phone, the terms) comes before every other screen (spec part 2 §2).
  if (!user.isProfileComplete && location !== '/profile') return <Redirect to="/profile?firstTime=true" replace />
  return <Component />
}

function SignedInRoutes() {
  useSessionWatch()
  const { i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? 'en'
  useEffect(() => warmOfflineTexts(language), [language])
  return (
    <>
      <Switch>
        {Object.entries(PROTECTED).map(([path, component]) => (
          <Route key={path} path={path}>
            {() => <Protected component={component} />}
          </Route>
        ))}
        {DesignPage && <Route path="/design">{() => <Protected component={DesignPage} />}</Route>}
        <Route component={NotFoundPage} />
      </Switch>
      <SessionExpiredDialog />
    </>
  )
}

export default function SignedInArea() {
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInRoutes />
    </QueryClientProvider>
  )
}
