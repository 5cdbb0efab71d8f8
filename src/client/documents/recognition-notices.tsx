import { signal, type Signal } from '@preact/signals-react'
import { useSignals } from '@preact/signals-react/runtime'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../ui/toast'
import { serverErrorText, ApiRequestError } from '../api/client'
import { afterFilesChanged } from '../api/documents'
import { categoryById, categoryKey } from '../../shared/documents'
import { adviceFor, otherYear, type Advice } from '../../shared/recognition/advice'
import type { RecognitionAnswer } from '../../shared/recognition/types'
import { awaitRecognition, moveFile } from './recognition-api'
import { FileName } from '../ui/file-name'

/**
 * After an upload the server reads the file in the background; a notice waits for its
 * answer and then says what it found (docs/recognition.md): a suggested move, a move made on
 * its own for an "I don't know the category" upload, a document about another year.
 * Notices stay until the person acts or dismisses them.
 */
interface Notice {
  key: number
  fileId: string
  name: string
  taxYear: number
  categoryId: number
  auto: boolean
  answer: Signal<RecognitionAnswer | null | 'waiting'>
  abort: AbortController
}

export const notices = signal<Notice[]>([])
let nextKey = 1

const dismiss = (n: Notice) => {
  n.abort.abort()
  notices.value = notices.value.filter((x) => x !== n)
}

/** Starts watching an uploaded file's recognition. */
export function watchUpload(upload: {
  fileId: string
  name: string
  taxYear: number
  categoryId: number
  auto: boolean
}) {
  const n: Notice = {
    key: nextKey++,
    ...upload,
    answer: signal<RecognitionAnswer | null | 'waiting'>('waiting'),
    abort: new AbortController(),
  }
  notices.value = [...notices.value, n]
  void awaitRecognition(upload.fileId, n.abort.signal).then((answer) => {
    if (n.abort.signal.aborted) return
    n.answer.value = answer
    const advice = answer ? adviceFor(answer, n) : { kind: 'none' as const }
    // Nothing worth saying: the notice goes away on its own.
    if (advice.kind === 'none' && !(answer && otherYear(answer, n.taxYear))) dismiss(n)
    // The server moved the file: the year's documents refresh, and its status (the move may have completed the
    // checklist).
    if (advice.kind === 'auto_moved') void afterFilesChanged(n.taxYear, true)
  })
}

export function RecognitionNotices() {
  useSignals()
  const { t } = useTranslation('documents')
  const list = notices.value
  if (!list.length) return null
  return (
    <section className="recognition-notices" aria-labelledby="recognition-notices-title">
      <h3 id="recognition-notices-title">{t('recognition.title')}</h3>
      <ul>
        {list.map((n) => (
          <NoticeRow key={n.key} notice={n} />
        ))}
      </ul>
    </section>
  )
}

function NoticeRow({ notice: n }: { notice: Notice }) {
  useSignals()
  const { t, i18n } = useTranslation('documents')
  const [busy, setBusy] = useState(false)
  const answer = n.answer.value
  const name = (id: number) => {
    const c = categoryById(id)
    return c ? t(categoryKey(c)) : String(id)
  }
  if (answer === 'waiting') {
    return (
      <li className="recognition-notice" aria-busy="true">
        <p>{t('recognition.reading', { name: n.name })}</p>
      </li>
    )
  }
  const advice: Advice = answer ? adviceFor(answer, n) : n.auto ? { kind: 'auto_unsure' } : { kind: 'none' }
  const year = answer ? otherYear(answer, n.taxYear) : null

  async function move(categoryId: number) {
    setBusy(true)
    try {
      await moveFile(n.fileId, categoryId, n.taxYear)
      toast({
        title: t('recognition.moved_title'),
        description: t('recognition.moved', { name: n.name, category: name(categoryId) }),
        variant: 'success',
      })
      dismiss(n)
    } catch (err) {
      const text = err instanceof ApiRequestError ? serverErrorText(err.code, {}, i18n) : null
      toast({
        title: t('recognition.move_failed_title'),
        description: text ?? t('recognition.move_failed'),
        variant: 'destructive',
      })
      setBusy(false)
    }
  }

  return (
    <li className="recognition-notice" data-testid="recognition-notice">
      {advice.kind === 'suggest' && (
        <>
          <p>
            {t('recognition.suggest', { category: name(advice.categoryId) })}{' '}
            <FileName className="recognition-file" name={n.name} />
          </p>
          <div className="recognition-actions">
            <button type="button" disabled={busy} onClick={() => void move(advice.categoryId)}>
              {t('recognition.move')}
            </button>
            <button type="button" className="secondary" disabled={busy} onClick={() => dismiss(n)}>
              {t('recognition.keep')}
            </button>
          </div>
        </>
      )}
      {advice.kind === 'auto_moved' && (
        <p role="status">{t('recognition.auto_moved', { name: n.name, category: name(advice.categoryId) })}</p>
      )}
      {advice.kind === 'auto_unsure' && <p role="status">{t('recognition.auto_unsure', { name: n.name })}</p>}
      {year !== null && (
        <p className="recognition-year" role="alert">
          {t('recognition.other_year', { name: n.name, documentYear: year, taxYear: n.taxYear })}
        </p>
      )}
      {advice.kind !== 'suggest' && (
        <div className="recognition-actions">
          <button type="button" className="secondary outline" onClick={() => dismiss(n)}>
            {t('recognition.dismiss')}
          </button>
        </div>
      )}
    </li>
  )
}
