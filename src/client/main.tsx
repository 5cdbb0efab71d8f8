import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider } from 'jotai'
import { QueryClientProvider } from '@tanstack/react-query'
import './styles/app.css'
import { initI18n } from './i18n'
import { store } from './store'
import { queryClient } from './data/query-client'
import { sessionQuery } from './data/user'
import { listenForInstallPrompt } from './ui/install-prompt'
import { registerServiceWorker } from './pwa/register-sw'
import { App } from './app'

const root = document.getElementById('root')
if (!root) throw new Error('The #root element is missing from index.html')

listenForInstallPrompt()
// The first screen knows whether there is a session before it renders (no login flash).
await Promise.all([initI18n(), queryClient.prefetchQuery(sessionQuery)])
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Provider store={store}>
        <App />
      </Provider>
    </QueryClientProvider>
  </StrictMode>,
)
if (process.env.NODE_ENV === 'production') registerServiceWorker()
