import { atom } from 'jotai'
import { store } from '../store'
import { toast } from './toast'
import { i18next } from '../i18n'

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

/** The deferred install prompt, when the browser offered one. */
export const installPromptAtom = atom<InstallPromptEvent | null>(null)
export const isStandalone = () => window.matchMedia?.('(display-mode: standalone)').matches === true

export function listenForInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault()
    store.set(installPromptAtom, e as InstallPromptEvent)
  })
  window.addEventListener('appinstalled', () => {
    store.set(installPromptAtom, null)
    toast({ title: i18next.t('install.installed'), variant: 'success' })
  })
}

export async function promptInstall() {
  const prompt = store.get(installPromptAtom)
  if (!prompt) {
    toast({ title: i18next.t('install.not_available'), description: i18next.t('install.not_available_text') })
    return
  }
  await prompt.prompt()
  const { outcome } = await prompt.userChoice
  store.set(installPromptAtom, null)
  if (outcome === 'accepted') toast({ title: i18next.t('install.installed'), variant: 'success' })
}
