import { use } from 'react'
import { areaStylesLoaded, loadAreaStyles } from './area-css'

/** Suspends the caller (inside a Suspense boundary) until the area stylesheet is in, so nothing renders unstyled. */
export function useAreaStyles() {
  // Once in, nothing to wait for: `use` of a settled promise would still suspend the first time.
  if (!areaStylesLoaded()) use(loadAreaStyles())
}
