import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../ui/dialog'
import { DEFAULT_CATEGORY_ID, type CategoryRecord, type CategorySection } from '../../shared/documents'
import { categoryLabel } from './documents-api'

/** The picker's groups, in the order a tax return asks for them. */
const SECTIONS: readonly CategorySection[] = [
  'main',
  'investments',
  'realEstate',
  'foreignIncome',
  'other',
  'spouse',
  'children',
]

/** The picker's "I don't know the category" choice: Other Documents, moved once the server recognises it. */
export const UNKNOWN_CATEGORY = 'auto'

/** Chooses the category before an upload or a photo; Continue stays disabled until one is chosen (or "I don't know"). */
export function CategoryPickerDialog({
  open,
  categories,
  initial,
  forCamera,
  onCancel,
  onPick,
}: {
  open: boolean
  categories: CategoryRecord[]
  initial?: number
  forCamera: boolean
  onCancel: () => void
  onPick: (picked: { id: number; name: string; auto?: boolean }) => void
}) {
  const { t } = useTranslation('documents')
  const [value, setValue] = useState('')
  useEffect(() => {
    if (open) setValue(initial ? String(initial) : '')
  }, [open, initial])
  const chosen =
    value === UNKNOWN_CATEGORY
      ? { id: DEFAULT_CATEGORY_ID, name: categoryLabel(DEFAULT_CATEGORY_ID, t), auto: true }
      : categories.find((c) => String(c.id) === value)
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={t('upload.choose_category')}
      labelledBy="category-picker-title"
      footer={
        <>
          <button type="button" onClick={onCancel}>
            {t('upload.cancel')}
          </button>
          <button
            type="button"
            className="primary"
            disabled={!chosen}
            onClick={() =>
              chosen && onPick({ id: chosen.id, name: categoryLabel(chosen.id, t), auto: 'auto' in chosen })
            }
          >
            {forCamera ? t('upload.take_photo') : t('upload.continue')}
          </button>
        </>
      }
    >
      <label htmlFor="category-picker-select">{t('upload.category_label')}</label>
      <select
        id="category-picker-select"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        required
        aria-invalid={value === '' ? undefined : false}
      >
        <option value="" disabled>
          {t('upload.category_required')}
        </option>
        <option value={UNKNOWN_CATEGORY}>{t('upload.unknown_category')}</option>
        {SECTIONS.map((section) => {
          const inSection = categories.filter((c) => c.section === section)
          return (
            inSection.length > 0 && (
              <optgroup key={section} label={t(`section.${section}`)}>
                {inSection.map((c) => (
                  <option key={c.id} value={c.id}>
                    {categoryLabel(c.id, t)}
                  </option>
                ))}
              </optgroup>
            )
          )
        })}
      </select>
    </Dialog>
  )
}
