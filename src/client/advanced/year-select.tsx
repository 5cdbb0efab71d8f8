import { useTranslation } from 'react-i18next'

/** The advanced view's years: the current year minus 3 up to plus 1 (spec part 2 §2). */
export const advancedYears = (today = new Date()) => Array.from({ length: 5 }, (_, i) => today.getFullYear() - 3 + i)

export function AdvancedYearSelect({ value, onChange }: { value: number; onChange: (year: number) => void }) {
  const { t } = useTranslation('advanced')
  const years = advancedYears()
  return (
    <label className="year-select">
      {t('page.year_label')}
      <select name="taxYear" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {(years.includes(value) ? years : [value, ...years]).map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
    </label>
  )
}
