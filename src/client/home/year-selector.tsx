import { useAtom } from 'jotai'
import { useTranslation } from 'react-i18next'
import { isFileable, offeredTaxYears } from '../../shared/tax-years'
import { toast } from '../ui/toast'
import { selectedTaxYearAtom } from './year-atom'

/**
 * The tax-year buttons (spec part 1 §5): the three offered years and the current
 * one, which stays unavailable until 1 January of the next year. It is
 * aria-disabled rather than disabled, so a click or Enter can explain why.
 */
export function YearSelector() {
  const { t } = useTranslation('home')
  const [year, setYear] = useAtom(selectedTaxYearAtom)
  const today = new Date()
  const years = [today.getFullYear(), ...offeredTaxYears(today)]

  const choose = (y: number) => {
    if (!isFileable(y, today)) {
      toast({
        title: t('year.not_available_title'),
        description: t('common:server_errors.TAX_YEAR_NOT_AVAILABLE', { year: y, nextYear: y + 1 }),
      })
      return
    }
    setYear(y)
  }
  return (
    <div className="year-selector" role="group" aria-label={t('year.label')}>
      {years.map((y) => {
        const open = isFileable(y, today)
        return (
          <button
            key={y}
            type="button"
            className={y === year ? 'year-button is-selected' : 'year-button outline'}
            aria-pressed={y === year}
            aria-disabled={!open || undefined}
            // Filing opens on 1 January of the next year (filingOpensOn), written out in each language: no date
            // formatter is built for it, which would cost the dashboard's first render ~50 ms on a phone.
            title={open ? undefined : t('year.filing_opens', { year: y + 1 })}
            onClick={() => choose(y)}
          >
            {y}
          </button>
        )
      })}
    </div>
  )
}
