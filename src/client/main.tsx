import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider } from 'jotai'
import './styles/app.css'
import { initI18n } from './i18n'
import { store } from './store'
import { listenForInstallPrompt } from './ui/install-prompt'
import { registerServiceWorker } from './pwa/register-sw'
import { App, LegalPage, LoginPage, SignedInArea } from './app'
import { firstScreen } from '../shared/first-screen'

const root = document.getElementById('root')
if (!root) throw new Error('The #root element is missing from index.html')

listenForInstallPrompt()
// The first screen's code (and data) are fetched while its texts load (start.ts asked for both), and the first render
// waits for all of it: one render of the finished screen instead of one per piece that arrives.
const first = firstScreen(location.pathname)
const loadFirst = {
  'login-page': LoginPage.preload,
  'legal-page': LegalPage.preload,
  'signed-in': async () => {
    const area = await SignedInArea.preload()
    await area.preloadRoute(location.pathname)
    // Signed out, the area sends the page on to the sign-in form: its code and texts are in before the first render
    // (boot.ts asked for them as soon as the session said so), not fetched behind a "Please wait".
    if (area.signedOut())
      await Promise.all([
        LoginPage.preload(),
        i18nReady.then((i18n) => i18n.loadNamespaces(firstScreen('/login').namespaces)),
      ])
  },
}[first.chunk]
const i18nReady = initI18n(first.namespaces)
await Promise.all([i18nReady, loadFirst().catch(() => {})])
// A transition: React builds the first screen in slices of a few milliseconds and yields between them, so a
// slow phone answers a tap while it renders instead of freezing for the whole render.
const reactRoot = createRoot(root)
startTransition(() =>
  reactRoot.render(
    <StrictMode>
      <Provider store={store}>
        <App />
      </Provider>
    </StrictMode>,
  ),
)
// The worker's install fetches every script, style and picture for offline use: not while the first screen loads.
const SERVICE_WORKER_DELAY_MS = 3000
if (process.env.NODE_ENV === 'production') setTimeout(registerServiceWorker, SERVICE_WORKER_DELAY_MS)
