let loading: Promise<void> | undefined
let loaded = false

/**
 * Adds the signed-in screens' stylesheet once; resolves when it has loaded (or failed: the page still works unstyled).
 * Called by the page's entry as soon as the session is known (api/early.ts), so that it travels with the app's code,
 * and by the signed-in area before its first render.
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

export const areaStylesLoaded = () => loaded
