import { use } from 'react'

let loading: Promise<void> | undefined
let loaded = false

/**
 * Adds the signed-in screens' stylesheet once; resolves when it has loaded (or failed: the page still works unstyled).
 */
export function loadAreaStyles(): Promise<void> {
  loading ??= new Promise((resolve) => {
    const href = document.querySelector<HTMLMetaElement>('meta[name="swisstax:area-css"]')?.content
    if (!href) return resolve()
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    link.onload = link.onerror = () => {
      loaded = true
      resolve()
    }
    document.head.append(link)
  })
  return loading
}

/** Suspends the caller (inside a Suspense boundary) until the area stylesheet is in, so nothing renders unstyled. */
export function useAreaStyles() {
  // Once in, nothing to wait for: `use` of a settled promise would still suspend the first time.
  if (!loaded) use(loadAreaStyles())
}
