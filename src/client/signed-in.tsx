import { lazy, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { Redirect, Route, Switch, useLocation } from 'wouter'
import { QueryClientProvider } from '@tanstack/react-query'
import { queryClient } from './api/query-client'
import { useSessionUser } from './api/user'
import { useSessionWatch } from './api/session'
import { SessionExpiredDialog } from './ui/session-expired-dialog'
import { TitleOnlyPage } from './pages/page-shell'
import { useAreaStyles } from './styles/area-styles'

/**
 * Everything but /login and the legal pages: loaded after /login (its budget is 110 KB
 * gzip), with the query client, the session watch and the Session Expired dialog.
 */
const HomePage = lazy(() => import('./home/home-page'))
const ProfilePage = lazy(() => import('./profile/profile-page'))
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
  const user = useSessionUser()
  const [location] = useLocation()
  if (user === null) return <Redirect to="/login" replace />
  // First-time registration (name, phone, the terms) comes before every other screen (spec part 2 §2).
  if (!user.isProfileComplete && location !== '/profile') return <Redirect to="/profile?firstTime=true" replace />
  return <Component />
}

function SignedInRoutes() {
  const { t } = useTranslation()
  useSessionWatch()
  return (
    <>
      <Switch>
        {Object.entries(PROTECTED).map(([path, component]) => (
          <Route key={path} path={path}>{() => <Protected component={component} />}</Route>
        ))}
        {Object.entries(TITLE_ONLY).map(([path, key]) => (
          <Route key={path} path={path}>{() => <Protected component={() => <TitleOnlyPage title={t(key)} />} />}</Route>
        ))}
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
