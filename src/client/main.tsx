import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider } from 'jotai'
import './styles/app.css'
import { initI18n } from './i18n'
import { store } from './store'
import { listenForInstallPrompt } from './ui/install-prompt'
import { registerServiceWorker } from './pwa/register-sw'
import { App } from './app'

const root = document.getElementById('root')
if (!root) throw new Error('The #root element is missing from index.html')

listenForInstallPrompt()
await initI18n()
createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <App />
    </Provider>
  </StrictMode>,
)
if (process.env.NODE_ENV === 'production') registerServiceWorker()
