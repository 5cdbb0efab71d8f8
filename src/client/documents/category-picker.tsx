import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../ui/dialog'
import { DEFAULT_CATEGORY_ID, type CategoryRecord } from '../../shared/documents'

/** The picker's "I don't know the category" choice: Other Documents, moved once the server recognises it. */
export const UNKNOWN_CATEGORY = 'auto'

/** Chooses the category before an upload or a photo; Continue stays disabled until one is chosen (or "I don't know"). */
export function CategoryPickerDialog({ open, categories, initial, forCamera, onCancel, onPick }: {
  open: boolean
  categories: CategoryRecord[]
  initial?: number
  forCamera: boolean
  onCancel: () => void
  onPick: (picked: { id: number; name: string; auto?: boolean }) => void
}) {
  const { t } = useTranslation('documents')
  const [value, setValue] = useState('')
  useEffect(() => { if (open) setValue(initial ? String(initial) : '') }, [open, initial])
  const chosen = value === UNKNOWN_CATEGORY
    ? { id: DEFAULT_CATEGORY_ID, name: categories.find((c) => c.id === DEFAULT_CATEGORY_ID)?.name ?? t('category.other_documents'), auto: true }
    : categories.find((c) => String(c.id) === value)
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={t('upload.choose_category')}
      labelledBy="category-picker-title"
      footer={
        <>
          <button type="button" className="secondary" onClick={onCancel}>{t('upload.cancel')}</button>
          <button type="button" disabled={!chosen} onClick={() => chosen && onPick({ id: chosen.id, name: chosen.name, auto: 'auto' in chosen })}>
            {forCamera ? t('upload.take_photo') : t('upload.continue')}
          </button>
        </>
      }
    >
      <label htmlFor="category-picker-select">{t('upload.category_label')}</label>
      <select id="category-picker-select" value={value} onChange={(e) => setValue(e.target.value)} required aria-invalid={value === '' ? undefined : false}>
        <option value="" disabled>{t('upload.category_required')}</option>
        <option value={UNKNOWN_CATEGORY}>{t('upload.unknown_category')}</option>
        {categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
      </select>
    </Dialog>
  )
}
