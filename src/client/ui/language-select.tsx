import { useTranslation } from 'react-i18next'
import { LANGUAGES } from '../../shared/languages'
import { changeLanguage } from '../i18n'
import { useSaveLanguage, useSessionUser } from '../data/user'

/** Offered languages selectable; the inactive ones are listed but disabled (spec part 1 §3). */
export function LanguageSelect({ id = 'language-select' }: { id?: string }) {
  const { t, i18n } = useTranslation()
  const user = useSessionUser()
  const saveLanguage = useSaveLanguage()
  const onChange = async (code: string) => {
    if (!code || !(await changeLanguage(code))) return
    // Remember it on the server too, so the code mails come in this language.
    if (user) saveLanguage.mutate(code)
  }
  return (
    <div className="language-select">
      <label htmlFor={id}>{t('language.label')}</label>
      <select id={id} value={i18n.resolvedLanguage ?? i18n.language} onChange={(e) => onChange(e.target.value)}>
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} disabled={!l.active}>
            {l.name}{l.active ? '' : ` (${t('language.inactive')})`}
          </option>
        ))}
      </select>
    </div>
  )
}
