import { lazy, Suspense, useEffect, type ComponentType } from 'react'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { Redirect, Route, Switch, useLocation } from 'wouter'
import { sessionUserAtom } from './store'
import { useSessionWatch } from './session'
import { Toaster } from './ui/toast'
import { SessionExpiredDialog } from './ui/session-expired-dialog'
import { LoadingOverlay } from './ui/loading-overlay'
import { LEGAL_PAGES } from './legal/legal-page'
import { TitleOnlyPage } from './pages/page-shell'
import { useAreaStyles } from './styles/area-styles'
import { useDocumentTitle } from './pages/titles'

const LoginPage = lazy(() => import('./login/login-page'))
const HomePage = lazy(() => import('./home/home-page'))
const ProfilePage = lazy(() => import('./profile/profile-page'))
const LegalPage = lazy(() => import('./legal/legal-page'))
const NotFoundPage = lazy(() => import('./pages/not-found'))
const FileHistoryPage = lazy(() => import('./documents/file-history-page'))
const CantonsPage = lazy(() => import('./cantons/cantons-page'))
const AddressDemoPage = lazy(() => import('./address/address-demo-page'))
const AdvancedPage = lazy(() => import('./advanced/advanced-page'))
const AdvancedLegacyPage = lazy(() => import('./advanced/legacy-page'))
const TaxCardDemoPage = lazy(() => import('./advanced/tax-card-demo-page'))
const ProgressBarPage = lazy(() => import('./advanced/pgbar-page'))
const FeatureTestPage = lazy(() => import('./advanced/feature-test-page'))

/** Routes of areas that have not landed yet: their title only (issue 2). */
const TITLE_ONLY: Record<string, string> = {
  '/admin': 'pages.admin',
}

/** Signed-in routes. An area's issue replaces its title-only entry with its screen. */
const PROTECTED: Record<string, ComponentType> = {
  '/': HomePage,
  '/profile': ProfilePage,
  '/file-history': FileHistoryPage,
  '/cantons': CantonsPage,
  '/address-demo': AddressDemoPage,
  '/advanced-tax-info': AdvancedPage,
  '/advanced-tax-info-legacy': AdvancedLegacyPage,
  '/tax-card-demo': TaxCardDemoPage,
  '/pgbar': ProgressBarPage,
  '/featuretest': FeatureTestPage,
}

function Protected({ component: Component }: { component: ComponentType }) {
  useAreaStyles()
  const user = useAtomValue(sessionUserAtom)
  const [location] = useLocation()
  if (user === undefined) return <LoadingOverlay />
  if (user === null) return <Redirect to="/login" replace />
  // First-time registration (name, phone, the terms) comes before every other screen (spec part 2 §2).
  if (!user.isProfileComplete && location !== '/profile') return <Redirect to="/profile?firstTime=true" replace />
  return <Component />
}

export function App() {
  const { t } = useTranslation()
  const [location] = useLocation()
  useSessionWatch()
  useDocumentTitle()
  useEffect(() => { window.scrollTo(0, 0) }, [location])
  return (
    <>
      <Suspense fallback={<LoadingOverlay />}>
        <Switch>
          <Route path="/login" component={LoginPage} />
          {Object.entries(LEGAL_PAGES).map(([path, page]) => (
            <Route key={path} path={path}>{() => <LegalPage page={page} />}</Route>
          ))}
          {Object.entries(PROTECTED).map(([path, component]) => (
            <Route key={path} path={path}>{() => <Protected component={component} />}</Route>
          ))}
          {Object.entries(TITLE_ONLY).map(([path, key]) => (
            <Route key={path} path={path}>{() => <Protected component={() => <TitleOnlyPage title={t(key)} />} />}</Route>
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
      <SessionExpiredDialog />
      <Toaster />
    </>
  )
}
