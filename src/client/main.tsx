import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider } from 'jotai'
import './styles/app.css'
import { initI18n } from './i18n'
import { store } from './store'
import { listenForInstallPrompt } from './ui/install-prompt'
import { registerServiceWorker } from './pwa/register-sw'
import { App } from './app'
import { isLegalPath } from './legal/legal-page'

const root = document.getElementById('root')
if (!root) throw new Error('The #root element is missing from index.html')

listenForInstallPrompt()
// The first screen's code is fetched while the texts load rather than after them: one round trip less
// before the first paint (the lazy routes in app.tsx then find the module already there).
if (location.pathname === '/login') void import('./login/login-page').catch(() => {})
else if (!isLegalPath(location.pathname)) void import('./signed-in').catch(() => {})
await initI18n()
createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <App />
    </Provider>
  </StrictMode>,
)
if (process.env.NODE_ENV === 'production') registerServiceWorker()
