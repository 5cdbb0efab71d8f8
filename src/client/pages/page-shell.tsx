import type { ReactNode } from 'react'
import { Header } from '../ui/header'
import { OfflineBanner } from '../ui/offline-banner'
import { useOnline } from '../api/offline'

/**
 * A signed-in page: the header, then the page's own content. Offline, a banner says so and the
 * page is read-only: the disabled fieldset turns off every control in it at once; links stay usable.
 */
export function PageShell({ children, headerExtra }: { children: ReactNode; headerExtra?: ReactNode }) {
  const online = useOnline()
  return (
    <>
      <Header extra={headerExtra} />
      <main className="container page">
        {!online && <OfflineBanner />}
        {/* Always the same element, so going offline keeps what the page holds (its state, the scroll). */}
        <fieldset disabled={!online} className="page-body">
          {children}
        </fieldset>
      </main>
    </>
  )
}

/** A route whose area has not landed yet shows its title only, never a fake feature. */
export function TitleOnlyPage({ title }: { title: string }) {
  return (
    <PageShell>
      <h1>{title}</h1>
    </PageShell>
  )
}
