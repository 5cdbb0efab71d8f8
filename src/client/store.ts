import { atom, createStore } from 'jotai'

/** The one jotai store of the app; atoms live beside the feature that owns them. */
export const store = createStore()

export interface SessionUser {
  id: number
  email: string
  role: 'user' | 'admin'
  name: string
  firstName: string
  lastName: string
  phone: string
  countryCode: string
  language: string
  isProfileComplete: boolean
  [key: string]: unknown
}

/** undefined: not known yet; null: signed out. */
export const sessionUserAtom = atom<SessionUser | null | undefined>(undefined)
export const sessionExpiredAtom = atom(false)
