import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, call } from './client'
import { retries } from './query-client'

/**
 * What recognition read from a file version (GET /api/files/:id/recognition and
 * …/recognition/text, owner or admin; docs/recognition.md). The expert's client page shows
 * one per version. The text is fetched only when asked for: the server audits an
 * expert's reading of it like a download.
 */
export const recognitionKeys = {
  all: ['recognition'] as const,
  answer: (fileId: string, version: number) => ['recognition', fileId, version] as const,
  text: (fileId: string, version: number) => ['recognition', fileId, version, 'text'] as const,
}

/** While the server is still reading the version, the answer is asked for again this often. */
export const RECOGNITION_PENDING_POLL_MS = 3000

export const recognitionQuery = (fileId: string, version: number) =>
  queryOptions({
    queryKey: recognitionKeys.answer(fileId, version),
    queryFn: () => call(api.files({ id: fileId }).recognition.get({ query: { version: String(version) } })),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? RECOGNITION_PENDING_POLL_MS : false),
    retry: retries(2),
  })

export function useRecognition(fileId: string, version: number) {
  return useQuery(recognitionQuery(fileId, version))
}

export const recognitionTextQuery = (fileId: string, version: number) =>
  queryOptions({
    queryKey: recognitionKeys.text(fileId, version),
    queryFn: () => call(api.files({ id: fileId }).recognition.text.get({ query: { version: String(version) } })),
    // A version's text never changes once read: kept for the page's life (null, not read yet, is asked again).
    staleTime: (query) => (query.state.data?.text == null ? 0 : Number.POSITIVE_INFINITY),
    retry: retries(2),
  })

/** `enabled` is false until the expert opens the text. */
export function useRecognitionText(fileId: string, version: number, enabled: boolean) {
  return useQuery({ ...recognitionTextQuery(fileId, version), enabled })
}
