import type { TFunction } from 'i18next'
import { statusById, TAX_STATUSES } from '../../shared/tax-status'

/**
 * The audit log in words (issue 25): each event kind is a sentence (admin:audit.events.<action>), and the details
 * the server recorded are said in words too. What a person cannot read (internal ids of sessions and messages,
 * field names) is left out; the raw entry stays in the database and the export for whoever needs it.
 */
export function auditSentence(t: TFunction, action: string): string {
  return t(`admin:audit.events.${action}`, { defaultValue: t('admin:audit.events.unknown') })
}

const isStatusId = (v: unknown): v is number => typeof v === 'number' && TAX_STATUSES.some((s) => s.id === v)
const statusName = (t: TFunction, id: number) => t(`home:status.name.${statusById(id).name}`)
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)

/** The recorded details of one entry, each as a short phrase, in the order a reader wants them. */
export function auditDetails(t: TFunction, action: string, detail: Record<string, unknown> | null): string[] {
  if (!detail) return []
  const out: string[] = []
  const year = num(detail.taxYear)
  if (year !== undefined) out.push(t('admin:audit.details.year', { year }))
  if (isStatusId(detail.from) && isStatusId(detail.to))
    out.push(t('admin:audit.details.move', { from: statusName(t, detail.from), to: statusName(t, detail.to) }))
  if (detail.note === true) out.push(t('admin:audit.details.note'))
  if (typeof detail.override === 'string')
    out.push(
      t('admin:audit.details.override', {
        reason: t(`admin:status.unsupported_reason.${detail.override}`, { defaultValue: detail.override }),
      }),
    )
  const file = num(detail.fileId)
  if (file !== undefined) out.push(t('admin:audit.details.file', { file, version: num(detail.version) ?? 1 }))
  if (typeof detail.plan === 'string')
    out.push(t('admin:audit.details.plan', { plan: t(`profile:plan.${detail.plan}`, { defaultValue: detail.plan }) }))
  if (typeof detail.reason === 'string')
    out.push(t(`admin:audit.reasons.${detail.reason}`, { defaultValue: t('admin:audit.reasons.other') }))
  const attempt = num(detail.attempt)
  if (attempt !== undefined) out.push(t('admin:audit.details.attempt', { count: attempt }))
  const sessions = num(detail.count)
  if (sessions !== undefined) out.push(t('admin:audit.details.sessions', { count: sessions }))
  const files = num(detail.files)
  if (files !== undefined) out.push(t('admin:audit.details.files', { count: files }))
  const keys = num(detail.dataKeys) ?? num(detail.repaired)
  if (keys !== undefined) out.push(t('admin:audit.details.data_keys', { count: keys }))
  if (detail.source === 'cli' || detail.source === 'env') out.push(t(`admin:audit.details.source_${detail.source}`))
  if (action === 'admin_list_clients') {
    if (detail.search === true) out.push(t('admin:audit.details.searched'))
    if (isStatusId(detail.status))
      out.push(t('admin:audit.details.status_filter', { status: statusName(t, detail.status) }))
  }
  if (action === 'debug_set_tax_profile' && typeof detail.status === 'boolean')
    out.push(t(detail.status ? 'admin:audit.details.profile_complete' : 'admin:audit.details.profile_incomplete'))
  return out
}
