import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { checklistPercent, type CategoryRecord } from '../../shared/documents'
import { REQUIRED_CATEGORY_IDS } from '../../shared/tax-status'
import { messageOf } from '../api/client'
import { useCategories, useSetRelevance } from '../api/documents'
import { toast } from '../ui/toast'
import { categoryLabel } from './documents-api'

/**
 * 'Required Tax Documents' (spec part 1 §2): the six required categories,
 * uploaded or not, each with a 'not relevant' mark; percent = covered / 6.
 * Shown while the status is 2 or 3 (or not known to the caller). It reads the year's
 * categories query (the same answer as the upload picker and 'Your Files').
 */
export function DocumentChecklist({
  taxYear,
  statusId,
  onChanged,
}: {
  taxYear: number
  statusId?: number
  onChanged?: () => void
}) {
  const { t } = useTranslation('documents')
  const categories = useCategories(taxYear).data
  const setRelevance = useSetRelevance()
  const [busy, setBusy] = useState<number | null>(null)

  if (statusId !== undefined && statusId !== 2 && statusId !== 3) return null
  const required = (categories ?? []).filter((c) => c.required)
  const covered = required.filter((c) => c.fileCount > 0 || !c.isRelevant).length
  const percent = checklistPercent(covered, REQUIRED_CATEGORY_IDS.length)

  const toggle = async (c: CategoryRecord) => {
    setBusy(c.id)
    try {
      await setRelevance.mutateAsync({ categoryId: c.id, taxYear, isRelevant: !c.isRelevant })
      onChanged?.()
    } catch (err) {
      toast({ title: t('checklist.failed'), description: messageOf(err, ''), variant: 'destructive' })
    } finally {
      setBusy(null)
    }
  }

  return (
    <section className="document-checklist" aria-labelledby="checklist-title">
      <h2 id="checklist-title">{t('checklist.title')}</h2>
      <progress
        value={percent}
        max={100}
        aria-label={t('checklist.progress', { covered, total: REQUIRED_CATEGORY_IDS.length, percent })}
      />
      <p className="checklist-progress">
        {t('checklist.progress', { covered, total: REQUIRED_CATEGORY_IDS.length, percent })}
      </p>
      <ul className="checklist-items">
        {required.map((c) => {
          const state = c.fileCount > 0 ? 'uploaded' : c.isRelevant ? 'missing' : 'not_relevant'
          return (
            <li key={c.id} className={`checklist-item checklist-${state}`} data-category-id={c.id}>
              <span className="checklist-mark" aria-hidden="true">
                {state === 'uploaded' ? '✓' : state === 'not_relevant' ? '–' : '○'}
              </span>
              <span className="checklist-name">{categoryLabel(c.id, t)}</span>
              <span className="checklist-state">{t(`checklist.${state}`)}</span>
              {c.fileCount === 0 && (
                <button
                  type="button"
                  className="link-button"
                  disabled={busy === c.id}
                  onClick={() => void toggle(c)}
                  aria-label={
                    `${categoryLabel(c.id, t)}: ` +
                    `${c.isRelevant ? t('checklist.mark_not_relevant') : t('checklist.mark_relevant')}`
                  }
                >
                  {c.isRelevant ? t('checklist.mark_not_relevant') : t('checklist.mark_relevant')}
                </button>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
