import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { api, call, quietApi, isUnauthorized } from './client'
import { queryClient, retries, TIMINGS } from './query-client'
import { afterStatusMoved } from './tax-status'

/**
 * Documents: the categories with their per-year file counts (GET /api/document-categories),
 * the file list (GET /api/files) and a file's versions. One categories answer per year
 * (mode all) feeds the checklist (its required ones), the upload picker and 'Your Files'.
 */
export const documentKeys = {
  categories: (taxYear: number | 'any') => ['categories', taxYear] as const,
  files: (taxYear: number) => ['files', taxYear] as const,
  history: (fileId: string) => ['files', 'history', fileId] as const,
}

/** The File History lists take the server's largest page (1000), not the default 200. */
export const HISTORY_PAGE = 1000

/** Cached 5 minutes (spec part 1 §7); a change of files invalidates the year's entry at once. */
export const categoriesQuery = (taxYear: number | 'any') =>
  queryOptions({
    queryKey: documentKeys.categories(taxYear),
    queryFn: () =>
      call(
        api['document-categories'].get({
          query: taxYear === 'any' ? { mode: 'all' } : { mode: 'all', taxYear: String(taxYear) },
        }),
      ),
    staleTime: TIMINGS.CATEGORIES_STALE_MS,
    retry: retries(3),
  })

export function useCategories(taxYear: number | 'any') {
  return useQuery(categoriesQuery(taxYear))
}

/** The file list is always refetched when shown (spec part 2 §9). */
export const filesQuery = (taxYear: number) =>
  queryOptions({
    queryKey: documentKeys.files(taxYear),
    queryFn: () => call(api.files.get({ query: { taxYear: String(taxYear), limit: String(HISTORY_PAGE) } })),
    staleTime: 0,
    retry: retries(2),
  })

export function useFiles(taxYear: number) {
  return useQuery(filesQuery(taxYear))
}

export const historyQuery = (fileId: string) =>
  queryOptions({
    queryKey: documentKeys.history(fileId),
    queryFn: () => call(api.files({ id: fileId }).history.get()),
    staleTime: 0,
  })

/**
 * Files of a year changed (upload, delete, a 'not relevant' mark): the year's categories
 * (counts, checklist) and file list are stale; the status only when the server says it moved.
 * Queries not on screen are only marked stale, so one upload costs at most two requests.
 */
export async function afterFilesChanged(taxYear: number, statusAdvanced: boolean) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: documentKeys.categories(taxYear) }),
    queryClient.invalidateQueries({ queryKey: documentKeys.files(taxYear), exact: true }),
    statusAdvanced ? afterStatusMoved(taxYear) : undefined,
  ])
}

export function useSetRelevance() {
  return useMutation({
    mutationFn: (v: { categoryId: number; taxYear: number; isRelevant: boolean }) =>
      call(
        api['user-preferences']({ categoryId: v.categoryId }).post({ taxYear: v.taxYear, isRelevant: v.isRelevant }),
      ),
    // A section toggle answers without statusAdvanced: it moves no status.
    onSuccess: (answer, v) =>
      afterFilesChanged(v.taxYear, 'statusAdvanced' in answer && answer.statusAdvanced === true),
  })
}

export function useDeleteFile() {
  return useMutation({
    mutationFn: (v: { fileId: string; taxYear: number }) => call(api.files({ id: v.fileId }).delete()),
    onSuccess: (answer, v) => afterFilesChanged(v.taxYear, answer.statusAdvanced),
  })
}

/** The pre-upload session probe (spec part 1 §5): false only when the server says the session is gone. */
export async function sessionAlive(): Promise<boolean> {
  try {
    await call(quietApi.debug['check-auth'].get())
    return true
  } catch (err) {
    return !isUnauthorized(err)
  }
}
