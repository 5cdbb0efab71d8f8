import { useTranslation } from 'react-i18next'
import { LANGUAGES } from '../../shared/languages'
import { changeLanguage } from '../i18n'

const OFFERED = LANGUAGES.filter((l) => l.active)

/**
 * The six languages the app speaks, and only those: the spec's five "coming soon" entries were a list to scroll past
 * that could not be chosen (issue 25).
 */
export function LanguageSelect({
  id = 'language-select',
  onChanged,
}: {
  id?: string
  onChanged?: (code: string) => void
}) {
  const { t, i18n } = useTranslation()
  const onChange = async (code: string) => {
    if (!code || !(await changeLanguage(code))) return
    onChanged?.(code)
  }
  return (
    <div className="language-select">
      <label htmlFor={id}>{t('language.label')}</label>
      <select id={id} value={i18n.resolvedLanguage ?? i18n.language} onChange={(e) => onChange(e.target.value)}>
        {OFFERED.map((l) => (
          <option key={l.code} value={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  )
}
