import { useEffect } from 'react'
import { i18next } from '../i18n'
import { toast } from '../ui/toast'

/**
 * First-time registration must be finished before leaving /profile (spec part 2 §2):
 * in-app links elsewhere are stopped with 'Cannot Leave'; Logout (a button) and the legal
 * pages stay reachable. (No beforeunload prompt: a
 * reload must stay possible, and the server keeps what was saved.)
 */
export function useCannotLeave(active: boolean) {
  useEffect(() => {
    if (!active) return
    const onClick = (e: MouseEvent) => {
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null
      const header = (e.target as Element | null)?.closest?.('.app-header')
      const target = a ? new URL(a.href, location.href) : null
      const leaving = target
        ? target.origin === location.origin && !/^\/(profile|terms|cookie|data-protection)/.test(target.pathname)
        : Boolean(header?.contains(e.target as Node) && (e.target as Element).closest('.logo-button'))
      if (!leaving) return
      e.preventDefault()
      e.stopPropagation()
      toast({
        title: i18next.t('profile:cannot_leave.title'),
        description: i18next.t('profile:cannot_leave.text'),
        variant: 'destructive',
      })
    }
    document.addEventListener('click', onClick, true)
    return () => {
      document.removeEventListener('click', onClick, true)
    }
  }, [active])
}
