import { api, call, isUnauthorized, ApiRequestError } from '../api/client'
import { afterFilesChanged } from '../api/documents'
import type { RecognitionAnswer } from '../../shared/recognition/types'

/** Calls of recognition (docs/recognition.md), through the typed client. */
export const fetchRecognition = (fileId: string, signal?: AbortSignal) =>
  call(api.files({ id: fileId }).recognition.get({ fetch: { signal } }))

/** Moves a file to another category (and year); the year's documents, and the status if it moved, are refetched. */
export async function moveFile(fileId: string, categoryId: number, taxYear: number) {
  const answer = await call(api.files({ id: fileId }).move.post({ categoryId, taxYear }))
  await afterFilesChanged(taxYear, answer.statusAdvanced)
  return answer
}

/** How often an upload's recognition is asked for while the server reads it, and for how long at most. */
export const RECOGNITION_POLL_MS = 1500
export const RECOGNITION_GIVE_UP_MS = 5 * 60_000

/**
 * Waits until the server has read the file: polls while the answer is pending. Resolves
 * null when it gives up, the file is gone, or `signal` aborts (the notice was dismissed).
 */
export async function awaitRecognition(
  fileId: string,
  signal: AbortSignal,
  wait = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Promise<RecognitionAnswer | null> {
  const until = Date.now() + RECOGNITION_GIVE_UP_MS
  while (!signal.aborted && Date.now() < until) {
    try {
      const answer = await fetchRecognition(fileId, signal)
      if (answer.status !== 'pending') return answer
    } catch (err) {
      if (signal.aborted || isUnauthorized(err) || (err instanceof ApiRequestError && err.status === 404)) return null
    }
    await wait(RECOGNITION_POLL_MS)
  }
  return null
}
