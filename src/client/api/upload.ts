import { call, progressApi } from './client'
import type { AnswerOf } from './contract'

type ProgressApi = ReturnType<typeof progressApi>
/** What POST /api/files/upload answers (the dashboard's upload), as its route declares it. */
export type FilesUploadAnswer = AnswerOf<ProgressApi['files']['upload']['post']>
/** What POST /api/upload answers (the advanced sections' upload), as its route declares it. */
export type SectionUploadAnswer = AnswerOf<ProgressApi['upload']['post']>

/** The dashboard's upload: repeated `files` and `hashes[]`, the category (or "don't know") and the year. */
export interface FilesUpload {
  route: 'files'
  file: File
  hash: string
  categoryId: number
  taxYear: number
  autoCategory: boolean
}
/** The sections' upload (spec part 1 §7): `hashes` as a JSON list, the category's id and name, the year. */
export interface SectionUpload {
  route: 'section'
  file: File
  hash: string
  categoryId: number
  categoryName: string
  taxYear: number
}
type Progress = (loaded: number, total: number) => void

/**
 * One file through either upload route, with the progress fetch does not report. Resolves with the route's answer;
 * fails like every call (api/client.ts `call`): an ApiRequestError carrying the server's `{message, code}` (a
 * refused file's reason and code when every file was refused), or the network's own error. A 401 opens the
 * session-expired flow on the way, as for any other call.
 */
export function uploadWithProgress(upload: FilesUpload, onProgress: Progress): Promise<FilesUploadAnswer>
export function uploadWithProgress(upload: SectionUpload, onProgress: Progress): Promise<SectionUploadAnswer>
export function uploadWithProgress(upload: FilesUpload | SectionUpload, onProgress: Progress) {
  const api = progressApi(onProgress)
  const common = { files: upload.file, categoryId: String(upload.categoryId), taxYear: String(upload.taxYear) }
  if (upload.route === 'section')
    return call(
      api.upload.post({ ...common, hashes: JSON.stringify([upload.hash]), categoryName: upload.categoryName }),
    )
  return call(
    api.files.upload.post({
      ...common,
      'hashes[]': upload.hash,
      ...(upload.autoCategory ? { autoCategory: '1' } : {}),
    }),
  )
}
