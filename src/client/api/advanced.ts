import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { api, call } from './client'
import { queryClient } from './query-client'
import { afterFilesChanged } from './documents'
import { taxStatusKeys } from './tax-status'
import type { AuthorizationInput, ChildInfo, SectionId, SpouseInfo } from '../../shared/advanced'

/**
 * Advanced tax information (GET /api/advanced and its PUTs, POST /api/advanced/complete) and
 * the tax cards (GET /api/tax-cards). The server decides everything; the screens read these.
 */
export const advancedKeys = {
  year: (taxYear: number) => ['advanced', taxYear] as const,
  cards: (taxYear: number) => ['tax-cards', taxYear] as const,
}

export const advancedQuery = (taxYear: number) =>
  queryOptions({
    queryKey: advancedKeys.year(taxYear),
    queryFn: () => call(api.advanced.get({ query: { taxYear: String(taxYear) } })),
  })

export const useAdvanced = (taxYear: number) => useQuery(advancedQuery(taxYear))

export type AdvancedInfo = NonNullable<ReturnType<typeof useAdvanced>['data']>

export const taxCardsQuery = (taxYear: number) =>
  queryOptions({
    queryKey: advancedKeys.cards(taxYear),
    queryFn: () => call(api['tax-cards'].get({ query: { taxYear: String(taxYear) } })),
  })

export const useTaxCards = (taxYear: number) => useQuery(taxCardsQuery(taxYear))

const refetchYear = (taxYear: number) => queryClient.invalidateQueries({ queryKey: advancedKeys.year(taxYear) })

/**
 * A section's toggle, shown at once (spec part 2 §4: "saved locally at once, then sent"); when
 * the server refuses, the cached answer goes back to what it was and the caller shows the toast.
 */
export function useSetSection(taxYear: number) {
  return useMutation({
    mutationFn: (v: { section: SectionId; enabled: boolean }) => call(api.advanced.sections.put({ taxYear, ...v })),
    onMutate: async (v) => {
      const key = advancedQuery(taxYear).queryKey
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData(key)
      if (before) {
        queryClient.setQueryData(key, {
          ...before,
          sections: before.sections.map((s) => (s.id === v.section ? { ...s, enabled: v.enabled } : s)),
        })
      }
      return { before }
    },
    onError: (_err, _v, context) => {
      if (context?.before) queryClient.setQueryData(advancedQuery(taxYear).queryKey, context.before)
    },
    onSettled: () => refetchYear(taxYear),
  })
}

export function useSaveSpouse(taxYear: number) {
  return useMutation({
    mutationFn: (spouse: SpouseInfo) => call(api.advanced.spouse.put({ taxYear, ...spouse })),
    onSuccess: () => refetchYear(taxYear),
  })
}

export function useSaveChildren(taxYear: number) {
  return useMutation({
    mutationFn: (children: ChildInfo[]) =>
      call(api.advanced.children.put({ taxYear, children: children.map((c) => ({ ...c })) })),
    onSuccess: () => refetchYear(taxYear),
  })
}

export function useSaveAuthorization(taxYear: number) {
  return useMutation({
    mutationFn: (a: AuthorizationInput) => call(api.advanced.authorization.put({ taxYear, ...a })),
    onSuccess: () => refetchYear(taxYear),
  })
}

/** Finish Section and its undo: the year's advanced info and the dashboard's transmit flags change. */
export function useSetCompleted(taxYear: number) {
  return useMutation({
    mutationFn: (completed: boolean) => call(api.advanced.complete.post({ taxYear, completed })),
    onSettled: () =>
      Promise.all([refetchYear(taxYear), queryClient.invalidateQueries({ queryKey: taxStatusKeys.flags(taxYear) })]),
  })
}

/** A section category marked relevant or not: the section's counts and the documents' lists change. */
export function useSetCategoryRelevance(taxYear: number) {
  return useMutation({
    mutationFn: (v: { categoryId: number; isRelevant: boolean }) =>
      call(api['user-preferences']({ categoryId: v.categoryId }).post({ taxYear, isRelevant: v.isRelevant })),
    onSuccess: (answer) =>
      Promise.all([
        refetchYear(taxYear),
        afterFilesChanged(taxYear, 'statusAdvanced' in answer && answer.statusAdvanced === true),
      ]),
  })
}

/** After a section upload: the counts here and the documents' lists. */
export const afterSectionUpload = (taxYear: number, statusAdvanced: boolean) =>
  Promise.all([refetchYear(taxYear), afterFilesChanged(taxYear, statusAdvanced)])

/** The personal power-of-attorney PDF of a year, in one of its four languages. */
export const powerOfAttorneyUrl = (taxYear: number, lang: string) =>
  `/api/advanced/power-of-attorney.pdf?taxYear=${taxYear}&lang=${encodeURIComponent(lang)}`
