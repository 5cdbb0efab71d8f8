import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../ui/dialog'
import type { CategoryRecord, CategorySection } from '../../shared/documents'
import { categoryLabel } from './documents-api'

/** The picker's groups, in the order a tax return asks for them. */
const SECTIONS: readonly CategorySection[] = ['main', 'investments', 'realEstate', 'foreignIncome', 'other', 'spouse', 'children']

/** Chooses the category (grouped by section) before an upload or a photo; Continue stays disabled until one is chosen. */
export function CategoryPickerDialog({ open, categories, initial, forCamera, onCancel, onPick }: {
  open: boolean
  categories: CategoryRecord[]
  initial?: number
  forCamera: boolean
  onCancel: () => void
  onPick: (picked: { id: number; name: string }) => void
}) {
  const { t } = useTranslation('documents')
  const [value, setValue] = useState('')
  useEffect(() => { if (open) setValue(initial ? String(initial) : '') }, [open, initial])
  const chosen = categories.find((c) => String(c.id) === value)
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={t('upload.choose_category')}
      labelledBy="category-picker-title"
      footer={
        <>
          <button type="button" className="secondary" onClick={onCancel}>{t('upload.cancel')}</button>
          <button type="button" disabled={!chosen} onClick={() => chosen && onPick({ id: chosen.id, name: categoryLabel(chosen.id, t) })}>
            {forCamera ? t('upload.take_photo') : t('upload.continue')}
          </button>
        </>
      }
    >
      <label htmlFor="category-picker-select">{t('upload.category_label')}</label>
      <select id="category-picker-select" value={value} onChange={(e) => setValue(e.target.value)} required aria-invalid={value === '' ? undefined : false}>
        <option value="" disabled>{t('upload.category_required')}</option>
        {SECTIONS.map((section) => {
          const inSection = categories.filter((c) => c.section === section)
          return inSection.length > 0 && (
            <optgroup key={section} label={t(`section.${section}`)}>
              {inSection.map((c) => <option key={c.id} value={c.id}>{categoryLabel(c.id, t)}</option>)}
            </optgroup>
          )
        })}
      </select>
    </Dialog>
  )
}
