import { api, clearApiCache } from '../api'
import { hasRegistrationFields } from '../../shared/profile'
import { store, sessionUserAtom, type SessionUser } from '../store'

/** The profile as GET /api/user and PUT /api/user/profile answer it. */
export type Profile = SessionUser & {
  subscriptionPlan: string
  isTaxProfileComplete: boolean
  childrenAges: number[]
}

/** Saves profile fields; the answer is the whole profile, merged into the session user. */
export async function saveProfile(fields: Record<string, unknown>): Promise<Profile> {
  const saved = await api<Profile>('/api/user/profile', { method: 'PUT', body: fields })
  const current = store.get(sessionUserAtom)
  if (current) store.set(sessionUserAtom, { ...current, ...saved, isProfileComplete: hasRegistrationFields(saved) })
  return saved
}

/** Forgets cached answers (user, status) and loads the user again. */
export async function refreshUser(): Promise<void> {
  clearApiCache()
  try {
    store.set(sessionUserAtom, await api<SessionUser>('/api/user'))
  } catch { /* the session watch handles a lost session */ }
}
