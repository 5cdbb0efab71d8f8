import { useEffect, useState } from 'react'
import { i18next } from '../i18n'
import { toast } from '../ui/toast'
import type { CantonsFile } from '../../shared/cantons'

/** A canton as the served list has it: a static file, not an API route, typed by the shared type it is built from. */
export type CantonEntry = CantonsFile['cantons'][number]

// Loaded once per page load (spec part 2 §7: "cached after first load"; on failure an empty list).
let cached: Promise<CantonEntry[]> | undefined

function loadCantons(): Promise<CantonEntry[]> {
  cached ??= fetch('/cantons/cantons.json')
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
    .then((d: CantonsFile) => d.cantons)
    .catch(() => {
      cached = undefined
      toast({ title: i18next.t('cantons:load_failed'), variant: 'destructive' })
      return []
    })
  return cached
}

/** The 26 cantons; undefined while loading. */
export function useCantons(): CantonEntry[] | undefined {
  const [cantons, setCantons] = useState<CantonEntry[] | undefined>(undefined)
  useEffect(() => {
    let live = true
    loadCantons().then((c) => {
      if (live) setCantons(c)
    })
    return () => {
      live = false
    }
  }, [])
  return cantons
}
