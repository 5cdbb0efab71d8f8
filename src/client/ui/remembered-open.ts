import { useState } from 'react'

const PREFIX = 'swisstax:open:'

/**
 * Open or closed, remembered for this tab under `key` (issue 25: the advanced information's category cards forgot
 * it on every visit). sessionStorage: it lasts while the tab does and goes at sign-out (api/session.ts clears it).
 */
export function useRememberedOpen(key: string, initial = false): [boolean, (open: boolean) => void] {
  const [open, setOpenState] = useState(() => read(key) ?? initial)
  const setOpen = (next: boolean) => {
    setOpenState(next)
    try {
      sessionStorage.setItem(PREFIX + key, next ? '1' : '0')
    } catch {
      /* storage refused (private mode, full): the card still opens, it is just not remembered */
    }
  }
  return [open, setOpen]
}

function read(key: string): boolean | null {
  try {
    const v = sessionStorage.getItem(PREFIX + key)
    return v === null ? null : v === '1'
  } catch {
    return null
  }
}
