import type { ReactNode } from 'react'
import { Header } from '../ui/header'

/** A signed-in page: the header, then the page's own content. */
export function PageShell({ children, headerExtra }: { children: ReactNode; headerExtra?: ReactNode }) {
  return (
    <>
      <Header extra={headerExtra} />
      <main className="container page">{children}</main>
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
