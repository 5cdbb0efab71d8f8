import { lazy, Suspense, useEffect } from 'react'
import { Route, Switch, useLocation } from 'wouter'
import { Toaster } from './ui/toast'
import { LoadingOverlay } from './ui/loading-overlay'
import { LEGAL_PAGES } from './legal/legal-page'
import { useDocumentTitle } from './pages/titles'

const LoginPage = lazy(() => import('./login/login-page'))
const LegalPage = lazy(() => import('./legal/legal-page'))
// The query client, the typed API's queries and every signed-in screen come after /login.
const SignedInArea = lazy(() => import('./signed-in'))

export function App() {
  const [location] = useLocation()
  useDocumentTitle()
  // biome-ignore lint/correctness/useExhaustiveDependencies: every route change starts at the top of the page
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [location])
  return (
    <>
      <Suspense fallback={<LoadingOverlay />}>
        <Switch>
          <Route path="/login" component={LoginPage} />
          {Object.entries(LEGAL_PAGES).map(([path, page]) => (
            <Route key={path} path={path}>
              {() => <LegalPage page={page} />}
            </Route>
          ))}
          <Route component={SignedInArea} />
        </Switch>
      </Suspense>
      <Toaster />
    </>
  )
}
