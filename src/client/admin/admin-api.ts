import { api, call } from '../api/client'

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
export const moveStatus = (id: number, statusId: number, taxYear: number, note?: string) =>
  call(api.admin.users({ id }).status.post({ statusId, taxYear, ...(note ? { note } : {}) }))
export const replyTo = (messageId: number, message: string) =>
  call(api.admin.messages({ id: messageId }).reply.post({ message }))
export const resetClient = (userId: number | string) => call(api.admin['reset-profile'].post({ userId }))
export const setPlan = (id: number, subscriptionPlan: string) =>
  call(api.admin.users({ id }).plan.put({ subscriptionPlan }))
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
