import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { messageOf } from '../api/client'
import { useRecognition, useRecognitionText } from '../api/recognition'
import { categoryById, categoryKey } from '../../shared/documents'
import type { RecognisedFields } from '../../shared/recognition/fields'

/** The fields in the order a fiduciary reads them; amounts are CHF. */
const FIELDS: { key: keyof RecognisedFields; amount: boolean }[] = [
  { key: 'grossSalary', amount: true },
  { key: 'netSalary', amount: true },
  { key: 'ahvNumber', amount: false },
  { key: 'employer', amount: false },
  { key: 'pillar3aContribution', amount: true },
  { key: 'mortgageInterest', amount: true },
  { key: 'year', amount: false },
]

/** Swiss number formats (1’234.50) in the page's language; Chinese keeps its own. */
const localeOf = (language: string) => (language === 'zh' ? 'zh' : `${language}-CH`)

/**
 * What recognition read from one version of a client's file (issue 14, for the expert):
 * the category it recognised with confidence, language and the words that decided, the
 * fields (salary, AHV number, employer, 3a contribution, mortgage interest, year), and the
 * extracted text behind a disclosure (fetched when opened: the server audits the reading).
 */
export function FileRecognition({ fileId, version, name }: { fileId: string; version: number; name: string }) {
  // The documents namespace holds the category names.
  const { t, i18n } = useTranslation(['admin', 'documents'])
  const answer = useRecognition(fileId, version)
  const locale = localeOf(i18n.language)
  const chf = new Intl.NumberFormat(locale, { style: 'currency', currency: 'CHF' })
  const percent = new Intl.NumberFormat(locale, { style: 'percent' })
  const r = answer.data
  const category = (id: number | null) => {
    const c = id === null ? undefined : categoryById(id)
    return c ? t(`documents:${categoryKey(c)}`) : t('recognition.unknown_category')
  }
  return (
    <div className="file-recognition" data-testid="file-recognition">
      <h4>{t('recognition.heading', { name, version })}</h4>
      {answer.isError && (
        <p role="alert" className="error">
          {messageOf(answer.error, t('recognition.load_failed'))}
        </p>
      )}
      {!r && !answer.error && <p aria-busy="true">{t('loading')}</p>}
      {r?.status === 'pending' && <p className="muted">{t('recognition.pending')}</p>}
      {/* The server's reason for a failure is English for the log; the expert reads the translated status. */}
      {(r?.status === 'failed' || r?.status === 'unsupported') && (
        <p className="muted">{t(`recognition.${r.status}`)}</p>
      )}
      {r?.status === 'done' && (
        <dl className="facts">
          <div>
            <dt>{t('recognition.category')}</dt>
            <dd>
              {category(r.categoryId)}
              {r.confidence !== null && ` · ${t('recognition.confidence', { value: percent.format(r.confidence) })}`}
            </dd>
          </div>
          <div>
            <dt>{t('recognition.language')}</dt>
            <dd>{r.language ? t(`recognition.languages.${r.language}`) : t('recognition.none')}</dd>
          </div>
          <div>
            <dt>{t('recognition.reason')}</dt>
            <dd>{r.reason.length ? r.reason.map((w) => `“${w}”`).join(', ') : t('recognition.none')}</dd>
          </div>
          {FIELDS.filter((f) => r.fields[f.key] !== undefined).map((f) => {
            const v = r.fields[f.key]!
            return (
              <div key={f.key} data-field={f.key}>
                <dt>{t(`recognition.fields.${f.key}`)}</dt>
                <dd>{f.amount ? chf.format(Number(v)) : String(v)}</dd>
              </div>
            )
          })}
        </dl>
      )}
      {r?.status === 'done' && <ExtractedText fileId={fileId} version={version} />}
    </div>
  )
}

/** An older version's recognition, read only when the expert opens it (a file may have many versions). */
export function VersionRecognition({ fileId, version, name }: { fileId: string; version: number; name: string }) {
  const { t } = useTranslation('admin')
  const [open, setOpen] = useState(false)
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('recognition.of_version', { version })}</summary>
      {open && <FileRecognition fileId={fileId} version={version} name={name} />}
    </details>
  )
}

function ExtractedText({ fileId, version }: { fileId: string; version: number }) {
  const { t } = useTranslation('admin')
  const [open, setOpen] = useState(false)
  const text = useRecognitionText(fileId, version, open)
  return (
    <details className="extracted-text" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('recognition.text')}</summary>
      {text.isFetching && !text.data && <p aria-busy="true">{t('loading')}</p>}
      {text.isError && (
        <p role="alert" className="error">
          {messageOf(text.error, t('recognition.load_failed'))}
        </p>
      )}
      {text.data &&
        (text.data.text ? (
          // Focusable, so the scrolled text can be read with the keyboard.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
          <pre tabIndex={0}>{text.data.text}</pre>
        ) : (
          <p className="muted">{t('recognition.no_text')}</p>
        ))}
    </details>
  )
}
