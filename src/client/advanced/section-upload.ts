import { signal } from '@preact/signals-react'
import { isOffline } from '../api/offline'
import { uploadWithProgress } from '../api/upload'
import { UploadError, uploadFailure } from '../documents/documents-api'

/**
 * The per-category upload of the advanced sections (spec part 1 §7: POST /api/upload with
 * files, hashes as a JSON list, categoryId, categoryName, taxYear), one file at a time.
 * Progress changes many times a second: it is a signal (docs/client.md), so only the bar renders.
 */
export interface SectionUpload {
  categoryId: number
  fileName: string
  loaded: number
  total: number
  status: 'uploading' | 'success' | 'error'
}

export const sectionUpload = signal<SectionUpload | null>(null)

/** Percent with one decimal, never above 100 (spec part 2 §9). */
export const progressPercent = (loaded: number, total: number) =>
  total > 0 ? Math.min(100, Math.round((loaded / total) * 1000) / 10) : 0

/** Size in KB with one decimal (spec part 2 §9). */
export const kilobytes = (bytes: number) => (bytes / 1024).toFixed(1)

/** One file through POST /api/upload (api/upload.ts); resolves with whether the upload moved the year's status. */
export async function uploadToCategory(
  file: File,
  hash: string,
  categoryId: number,
  categoryName: string,
  taxYear: number,
  onProgress: (loaded: number, total: number) => void,
) {
  // Offline nothing is sent: the person is told so instead of waiting for a network error.
  if (isOffline()) throw new UploadError('upload.offline', 'offline')
  // Success is status 200 (spec part 2 §7); a refusal carries the server's {message, code}.
  const answer = await uploadWithProgress(
    { route: 'section', file, hash, categoryId, categoryName, taxYear },
    onProgress,
  ).catch((err: unknown) => Promise.reject(uploadFailure(err)))
  onProgress(file.size, file.size)
  return { statusAdvanced: answer.statusAdvanced === true }
}
