import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import { Dialog } from '../ui/dialog'
import { DEFAULT_CATEGORY_ID, type CategoryRecord, type CategorySection } from '../../shared/documents'
import { applicableSections } from '../../shared/picker-sections'
import { taxCards } from '../../shared/tax-cards'
import { advancedQuery } from '../api/advanced'
import { useSessionUser } from '../api/user'
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

/**
 * Chooses the category before an upload or a photo; Continue stays disabled until one is chosen (or "I don't
 * know"). Only the sections that apply to the person are listed, with a way to show them all.
 */
export function CategoryPickerDialog({
  open,
  taxYear,
  categories,
  initial,
  forCamera,
  onCancel,
  onPick,
}: {
  open: boolean
  taxYear: number
  categories: CategoryRecord[]
  initial?: number
  forCamera: boolean
  onCancel: () => void
  onPick: (picked: { id: number; name: string; auto?: boolean }) => void
}) {
  const { t } = useTranslation('documents')
  const [value, setValue] = useState('')
  const [showAll, setShowAll] = useState(false)
  /** Continue was pressed without a category: only then is it called missing (never as the dialog opens). */
  const [tried, setTried] = useState(false)
  const applicable = useApplicableSections(open, taxYear, categories)
  // Only when the dialog opens: the sections arriving later must not undo the person's choice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on opening only, on purpose (see above)
  useEffect(() => {
    if (!open) return
    setValue(initial ? String(initial) : '')
    setTried(false)
    // A category chosen before in a section that is not listed opens the full list.
    const section = categories.find((c) => c.id === initial)?.section
    setShowAll(section !== undefined && !applicable.has(section))
  }, [open, initial])
  const hidden = SECTIONS.filter((s) => !applicable.has(s) && categories.some((c) => c.section === s))
  const listed = showAll ? SECTIONS : SECTIONS.filter((s) => applicable.has(s))
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
            onClick={() =>
              chosen
                ? onPick({ id: chosen.id, name: categoryLabel(chosen.id, t), auto: 'auto' in chosen })
                : setTried(true)
            }
          >
            {forCamera ? t('upload.take_photo') : t('upload.continue')}
          </button>
        </>
      }
    >
      <label htmlFor="category-picker-select">{t('upload.category_label')}</label>
      <CategorySelect
        value={value}
        onChange={setValue}
        sections={listed}
        categories={categories}
        invalid={tried && !chosen}
      />
      {tried && !chosen && (
        <small id="category-picker-error" className="form-error" role="alert">
          {t('upload.category_required')}
        </small>
      )}
      {hidden.length > 0 && (
        <ShowAllSections
          showAll={showAll}
          onChange={(all) => {
            setShowAll(all)
            // A category of a section that is no longer listed is not kept as the choice.
            const section = categories.find((c) => String(c.id) === value)?.section
            if (!all && section && !applicable.has(section)) setValue('')
          }}
        />
      )}
    </Dialog>
  )
}

/**
 * The sections that apply to the person (shared/picker-sections.ts): from the tax cards of their
 * profile, the advanced sections they switched on for the year (asked when the picker opens) and
 * the sections that already hold a file.
 */
function useApplicableSections(open: boolean, taxYear: number, categories: CategoryRecord[]) {
  const user = useSessionUser()
  const advanced = useQuery({ ...advancedQuery(taxYear), enabled: open && user?.role === 'user' })
  const switchedOn = advanced.data?.sections.filter((s) => s.enabled).map((s) => s.id)
  // Experts see every section: they upload for whoever they are helping.
  if (user?.role !== 'user') return new Set<CategorySection>(SECTIONS)
  return applicableSections({ cards: taxCards(user), switchedOn, categories })
}

/** The categories of the listed sections, grouped, after the "I don't know" choice. */
function CategorySelect({
  value,
  onChange,
  sections,
  categories,
  invalid,
}: {
  value: string
  onChange: (value: string) => void
  sections: readonly CategorySection[]
  categories: CategoryRecord[]
  invalid: boolean
}) {
  const { t } = useTranslation('documents')
  return (
    <select
      id="category-picker-select"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      required
      aria-invalid={invalid ? true : undefined}
      aria-describedby={invalid ? 'category-picker-error' : undefined}
    >
      <option value="" disabled>
        {t('upload.category_placeholder')}
      </option>
      <option value={UNKNOWN_CATEGORY}>{t('upload.unknown_category')}</option>
      {sections.map((section) => {
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
  )
}

/** Some sections are not listed (they do not apply to the person): a box shows them all. */
function ShowAllSections({ showAll, onChange }: { showAll: boolean; onChange: (all: boolean) => void }) {
  const { t } = useTranslation('documents')
  return (
    <>
      <small id="category-picker-hint" className="muted">
        {showAll ? t('upload.all_sections_shown') : t('upload.sections_filtered')}
      </small>
      <label className="picker-show-all">
        <input type="checkbox" checked={showAll} onChange={(e) => onChange(e.target.checked)} />
        {t('upload.show_all_sections')}
      </label>
    </>
  )
}
