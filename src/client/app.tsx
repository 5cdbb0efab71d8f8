import { Suspense, useEffect } from 'react'
import { Route, Switch, useLocation } from 'wouter'
import { Toaster } from './ui/toast'
import { LoadingOverlay } from './ui/loading-overlay'
import { LEGAL_PAGES } from '../shared/legal-pages'
import { useDocumentTitle } from './pages/titles'

import { lazyPage } from './pages/lazy-page'

export const LoginPage = lazyPage(() => import('./login/login-page'))
export const LegalPage = lazyPage(() => import('./legal/legal-page'))
// The query client, the typed API's queries and every signed-in screen come after /login.
export const SignedInArea = lazyPage(() => import('./signed-in'))

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
