import { api } from '../api'
// Answer types come from the server's own functions (type-only imports, erased at
// build): the client never restates what the server answers.
import type { listClients } from '../../server/admin/clients'
import type { clientDetail } from '../../server/admin/client-detail'
import type { unansweredMessages } from '../../server/messages/service'
import type { listAudit } from '../../server/infra/audit'
import type { systemInfo } from '../../server/admin/system'
import type { dbStatus, taxProfileStatus } from '../../server/admin/debug'
import type { resetProfile } from '../../server/admin/reset'
import type { taxStatusAnswer } from '../../server/tax-status/service'

export type ClientList = ReturnType<typeof listClients>
export type ClientRow = ClientList['items'][number]
export type ClientDetail = ReturnType<typeof clientDetail>
export type Inbox = ReturnType<typeof unansweredMessages> & { page: number; pageSize: number }
export type AuditPage = ReturnType<typeof listAudit> & { actions: string[] }
export type SystemInfo = ReturnType<typeof systemInfo>
export type DbStatus = ReturnType<typeof dbStatus>
export type TaxProfileStatus = ReturnType<typeof taxProfileStatus>
type StatusAnswer = ReturnType<typeof taxStatusAnswer> & { success: boolean }

const query = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v))
  const s = q.toString()
  return s ? `?${s}` : ''
}

export interface ClientFilter { q?: string; status?: number; taxYear?: number; page?: number; sort?: 'activity' | 'name' }

export const fetchClients = (f: ClientFilter) => api<ClientList>(`/api/admin/users${query({ ...f })}`)
export const fetchClient = (id: number, taxYear?: number) => api<ClientDetail>(`/api/admin/users/${id}${query({ taxYear })}`)
export const moveStatus = (id: number, statusId: number, taxYear: number, note?: string) =>
  api<StatusAnswer>(`/api/admin/users/${id}/status`, { method: 'POST', body: { statusId, taxYear, ...(note ? { note } : {}) } })
export const replyTo = (messageId: number, message: string) => api(`/api/admin/messages/${messageId}/reply`, { method: 'POST', body: { message } })
export const resetClient = (userId: number | string) => api<ReturnType<typeof resetProfile>>('/api/admin/reset-profile', { method: 'POST', body: { userId } })
export const setPlan = (id: number, subscriptionPlan: string) => api(`/api/admin/users/${id}/plan`, { method: 'PUT', body: { subscriptionPlan } })
export const fetchInbox = (page = 1) => api<Inbox>(`/api/admin/inbox${query({ page })}`)
export const fetchAudit = (f: { userId?: number; action?: string; page?: number }) => api<AuditPage>(`/api/admin/audit${query(f)}`)
export const fetchSystem = (integrity = false) => api<SystemInfo>(`/api/admin/system${integrity ? '?integrity=1' : ''}`)
export const fetchDbStatus = () => api<DbStatus>('/api/debug/db-status')
export const fetchTaxProfileStatus = () => api<TaxProfileStatus>('/api/tax/status')
export const setTaxProfileFlag = (status: boolean) => api('/api/tax-profile/set-status', { method: 'POST', body: { status } })
export const setOwnStatus = (taxStatus: number, taxYear: number) => api('/api/user/tax-status', { method: 'PATCH', body: { taxStatus, taxYear } })
