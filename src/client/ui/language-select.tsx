import { useTranslation } from 'react-i18next'
import { LANGUAGES } from '../../shared/languages'
import { changeLanguage } from '../i18n'

/** Offered languages selectable; the inactive ones are listed but disabled (spec part 1 §3). */
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
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} disabled={!l.active}>
            {l.name}
            {l.active ? '' : ` (${t('language.inactive')})`}
          </option>
        ))}
      </select>
    </div>
  )
}
