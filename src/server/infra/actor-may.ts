import { type ApiError, notFound } from '../http/errors'

type Actor = { readonly id: number; readonly role: string }

/**
 * Who may act on another user's records, decided here only: everyone on their
 * own, an admin (one of the firm's experts) on anyone's.
 */
export function actorMay(user: Actor, targetUserId: number): boolean {
  return targetUserId === user.id || user.role === 'admin'
}

/**
 * The user whose records a request acts on: the caller when none is named, the
 * named one when actorMay allows it. Anyone else naming another user gets a 404,
 * the same answer as for a record that does not exist, so they learn nothing.
 */
export function targetUserId(user: Actor, requested: number | undefined, foreign: ApiError = notFound()): number {
  if (requested === undefined) return user.id
  if (!actorMay(user, requested)) throw foreign
  return requested
}
