import { atom, createStore } from 'jotai'

/**
 * The one jotai store of the app: UI state only (docs/client.md). Atoms live beside
 * the feature that owns them; server data (the session user included) lives in
 * the queries of src/client/api/.
 */
export const store = createStore()

/** The Session Expired dialog is open. */
export const sessionExpiredAtom = atom(false)
