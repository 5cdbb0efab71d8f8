import type i18next from 'i18next'
import { ApiRequestError, isUnauthorized, serverErrorText } from '../api/client'
import { isOffline } from '../api/offline'
import { uploadWithProgress } from '../api/upload'
import { categoryKey, DOCUMENT_CATEGORIES, type CategoryRecord } from '../../shared/documents'

/** Pure helpers and the upload itself; the documents' queries and mutations are in src/client/api/documents.ts. */

/**
 * A category's name in the UI language, by its id (the server's `name` and a file's
 * `categoryName` are the English ones, for logs and the API only).
 */
export function categoryLabel(id: number, t: (key: string) => string): string {
  const cat = DOCUMENT_CATEGORIES.find((c) => c.id === id)
  return cat ? t(`documents:${categoryKey(cat)}`) : String(id)
}

/**
 * The category list to pick from: the server's, or, when none could be loaded, the fallback of
 * spec part 1 §3 (the six main categories), so that an upload stays possible.
 */
export function categoriesOrFallback(list: CategoryRecord[], translate: (key: string) => string): CategoryRecord[] {
  if (list.length) return list
  return DOCUMENT_CATEGORIES.filter((c) => c.section === 'main').map((c) => ({
    id: c.id,
    name: translate(categoryKey(c)),
    nameKey: categoryKey(c),
    section: c.section,
    required: true,
    isRelevant: true,
    fileCount: 0,
  }))
}

/**
 * The year's file count for 'N files for {year}': the sum of the per-category counts, since
 * GET /api/files answers one page (200 by default) and would stop counting there.
 */
export const fileCountOf = (categories: CategoryRecord[]) => categories.reduce((n, c) => n + c.fileCount, 0)

/**
 * A failed file list shows 'Failed to fetch files', except on a 401: the list is then empty and the login opens (spec
 * part 1 §8).
 */
export const showsFilesFetchError = (err: unknown) => !isUnauthorized(err)

/** SHA-256 hex of a file, computed in the browser (WebCrypto). */
export async function sha256Hex(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer())
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** Why an upload failed, as a locale key of the documents namespace or a server message. */
export class UploadError extends Error {
  constructor(
    readonly key: string | null,
    message: string,
    readonly values: Record<string, unknown> = {},
    readonly sessionExpired = false,
    readonly code?: string,
  ) {
    super(message)
  }
}

/**
 * The text of a failed upload in the user's language: a refusal the server names by its code
 * (FILE_TOO_LARGE, CONTENT_TYPE_MISMATCH, …) comes from common:server_errors like every other
 * server error; an unknown code falls back to the server's message (spec part 1 §8).
 */
export function uploadErrorText(
  err: unknown,
  i18n: Pick<typeof i18next, 'exists' | 't'>,
  values: { name: string; year: number },
): string {
  if (!(err instanceof UploadError)) return i18n.t('documents:upload.failed_text')
  return (
    serverErrorText(err.code, { ...values, nextYear: values.year + 1 }, i18n) ??
    (err.key ? i18n.t(`documents:${err.key}`, err.values) : err.message)
  )
}

/**
 * Why a call to an upload route failed, as an UploadError: the session ended (the session-expired flow has opened
 * already), the server refused the file (its reason and code), another HTTP status, an answer that is not JSON, or
 * the network.
 */
export function uploadFailure(err: unknown): UploadError {
  if (err instanceof UploadError) return err
  if (err instanceof ApiRequestError) {
    if (err.status === 401)
      return new UploadError('upload.session_expired', 'Your session has expired, please log in again', {}, true)
    return err.serverMessage
      ? new UploadError(null, err.serverMessage, {}, false, err.code)
      : new UploadError('upload.failed_status', `Upload failed with status: ${err.status}`, { status: err.status })
  }
  if (err instanceof SyntaxError) return new UploadError('upload.invalid_json', 'Invalid JSON response from server')
  return new UploadError('upload.network_error', 'Network error occurred')
}

/**
 * One file through POST /api/files/upload (api/upload.ts, with the progress in percent). Resolves with the
 * server's item for this file and whether the upload moved the year's status (2→3).
 */
export async function uploadOne(
  file: File,
  hash: string,
  categoryId: number,
  taxYear: number,
  onProgress: (percent: number) => void,
  auto = false,
) {
  if (isOffline()) throw new UploadError('upload.offline', 'offline')
  const answer = await uploadWithProgress(
    { route: 'files', file, hash, categoryId, taxYear, autoCategory: auto },
    (loaded, total) => onProgress(Math.min(100, Math.round((loaded / total) * 100))),
  ).catch((err: unknown) => Promise.reject(uploadFailure(err)))
  const item = answer.files?.[0]
  if (!item) throw new UploadError('upload.not_in_response', 'File not found in server response')
  if (item.status === 'rejected') throw new UploadError(null, item.reason, {}, false, item.code)
  if (item.value.hash !== hash) throw new UploadError('upload.verification_failed', 'Upload verification failed')
  onProgress(100)
  return { item: item.value, statusAdvanced: answer.statusAdvanced }
}
