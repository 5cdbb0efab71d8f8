import { signal } from '@preact/signals-react'
import { reportUnauthorized } from '../api/client'
import { isOffline } from '../api/offline'
import { UploadError, UPLOAD_TIMEOUT_MS } from '../documents/documents-api'

/**
 * The per-category upload of the advanced sections (spec part 1 §7: POST /api/upload with
 * files, hashes as a JSON list, categoryId, categoryName, taxYear), one file at a time.
 * Progress changes many times a second: it is a signal (DESIGN.md §1), so only the bar renders.
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

export function uploadToCategory(
  file: File,
  hash: string,
  categoryId: number,
  categoryName: string,
  taxYear: number,
  onProgress: (loaded: number, total: number) => void,
) {
  return new Promise<{ statusAdvanced: boolean }>((resolve, reject) => {
    // Offline nothing is sent: the person is told so instead of waiting for a network error.
    if (isOffline()) return reject(new UploadError('upload.offline', 'offline'))
    const form = new FormData()
    form.append('files', file, file.name)
    form.append('hashes', JSON.stringify([hash]))
    form.append('categoryId', String(categoryId))
    form.append('categoryName', categoryName)
    form.append('taxYear', String(taxYear))
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/api/upload')
    xhr.withCredentials = true
    xhr.timeout = UPLOAD_TIMEOUT_MS
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total)
    }
    xhr.onerror = xhr.ontimeout = () => reject(new UploadError('upload.network_error', 'Network error occurred'))
    xhr.onload = () => {
      let body: { message?: string; code?: string; statusAdvanced?: boolean } | undefined
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = undefined
      }
      if (xhr.status === 401) {
        reportUnauthorized()
        return reject(
          new UploadError('upload.session_expired', 'Your session has expired, please log in again', {}, true),
        )
      }
      // Success is status 200 (spec part 2 §7); a refusal carries the server's {message, code}.
      if (xhr.status !== 200)
        return reject(
          new UploadError(null, body?.message ?? `Upload failed with status: ${xhr.status}`, {}, false, body?.code),
        )
      onProgress(file.size, file.size)
      resolve({ statusAdvanced: body?.statusAdvanced === true })
    }
    xhr.send(form)
  })
}
