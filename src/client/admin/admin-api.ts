import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, call } from '../api/client'
import { queryClient } from '../api/query-client'

/**
 * The expert workspace's calls, through the typed client: answers are the routes' own
 * types (no copies, no type imports from the server besides the one App type).
 */
const str = (v: number | string | undefined) => (v === undefined || v === '' ? undefined : String(v))

export interface ClientFilter {
  q?: string
  status?: number
  taxYear?: number
  page?: number
  sort?: 'activity' | 'name'
}

export const fetchClients = (f: ClientFilter) =>
  call(
    api.admin.users.get({
      query: { q: str(f.q), status: str(f.status), taxYear: str(f.taxYear), page: str(f.page), sort: f.sort },
    }),
  )
export const fetchClient = (id: number, taxYear?: number) =>
  call(api.admin.users({ id }).get({ query: { taxYear: str(taxYear) } }))
export const moveStatus = (id: number, statusId: number, taxYear: number, note?: string, override = false) =>
  call(
    api.admin
      .users({ id })
      .status.post({ statusId, taxYear, ...(note ? { note } : {}), ...(override ? { override } : {}) }),
  )
export const replyTo = (messageId: number, message: string) =>
  call(api.admin.messages({ id: messageId }).reply.post({ message }))
export const resetClient = (userId: number | string) => call(api.admin['reset-profile'].post({ userId }))
export const setPlan = (id: number, subscriptionPlan: string) =>
  call(api.admin.users({ id }).plan.put({ subscriptionPlan }))
/** Documents after transmission seen for the team: the versions the expert was shown (issue 25). */
export const markLateSeen = (id: number, taxYear: number, versionIds: string[]) =>
  call(api.admin.users({ id })['late-documents'].seen.post({ taxYear, versionIds }))
export const fetchInbox = (page = 1) => call(api.admin.inbox.get({ query: { page: String(page) } }))
export const fetchAudit = (f: { userId?: number; action?: string; page?: number }) =>
  call(api.admin.audit.get({ query: { userId: str(f.userId), action: f.action || undefined, page: str(f.page) } }))
export const fetchSystem = (integrity = false) =>
  call(api.admin.system.get({ query: integrity ? { integrity: '1' } : {} }))
export const fetchDbStatus = () => call(api.debug['db-status'].get())
export const fetchTaxProfileStatus = () => call(api.tax.status.get({ query: {} }))
export const setTaxProfileFlag = (status: boolean) => call(api['tax-profile']['set-status'].post({ status }))
export const setOwnStatus = (taxStatus: number, taxYear: number) =>
  call(api.user['tax-status'].patch({ taxStatus, taxYear }))

export type ClientList = Awaited<ReturnType<typeof fetchClients>>
export type ClientRow = ClientList['items'][number]
export type ClientDetail = Awaited<ReturnType<typeof fetchClient>>
export type Inbox = Awaited<ReturnType<typeof fetchInbox>>
export type AuditPage = Awaited<ReturnType<typeof fetchAudit>>
export type SystemInfo = Awaited<ReturnType<typeof fetchSystem>>
export type DbStatus = Awaited<ReturnType<typeof fetchDbStatus>>
export type TaxProfileStatus = Awaited<ReturnType<typeof fetchTaxProfileStatus>>

/**
 * The workspace's reads as TanStack queries: one cache with the rest of the client, keyed
 * under 'admin' so that a change an expert makes can refresh every admin view at once.
 */
export const adminKeys = { all: ['admin'] as const }
/** After documents after transmission were marked seen: the views that count them (inbox, list, board) read again. */
export const refreshLateCounts = () =>
  Promise.all(
    (['inbox', 'clients', 'board'] as const).map((view) =>
      queryClient.invalidateQueries({ queryKey: [...adminKeys.all, view] }),
    ),
  )
/** The inbox is polled like the user's notifications; the debug panel as spec part 1 §6 says. */
export const INBOX_POLL_MS = 30_000
export const DB_STATUS_POLL_MS = 10_000
export const TAX_STATUS_POLL_MS = 5_000

export const clientsQuery = (f: ClientFilter) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'clients', f] as const,
    queryFn: () => fetchClients(f),
    placeholderData: keepPreviousData,
  })
export const boardQuery = (q: string, taxYear: number, statusIds: number[]) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'board', q, taxYear] as const,
    queryFn: () => Promise.all(statusIds.map((status) => fetchClients({ q, status, taxYear }))),
    placeholderData: keepPreviousData,
  })
export const clientQuery = (id: number, taxYear: number) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'client', id, taxYear] as const,
    queryFn: () => fetchClient(id, taxYear),
  })
export const inboxQuery = queryOptions({
  queryKey: [...adminKeys.all, 'inbox'] as const,
  queryFn: () => fetchInbox(1),
  refetchInterval: INBOX_POLL_MS,
})
export const auditQuery = (f: { userId?: number; action?: string; page: number }) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'audit', f] as const,
    queryFn: () => fetchAudit(f),
    placeholderData: keepPreviousData,
  })
export const systemQuery = queryOptions({
  queryKey: [...adminKeys.all, 'system'] as const,
  queryFn: () => fetchSystem(false),
})
export const dbStatusQuery = queryOptions({
  queryKey: [...adminKeys.all, 'db-status'] as const,
  queryFn: fetchDbStatus,
  refetchInterval: DB_STATUS_POLL_MS,
})
export const taxProfileStatusQuery = queryOptions({
  queryKey: [...adminKeys.all, 'tax-profile-status'] as const,
  queryFn: fetchTaxProfileStatus,
  refetchInterval: TAX_STATUS_POLL_MS,
})
