import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { messageOf } from '../api/client'
import { toast } from '../ui/toast'
import { replyTo, type ClientDetail } from './admin-api'
import { FileRecognition, VersionRecognition } from './file-recognition'
import { categoryLabel } from '../documents/documents-api'
import { formatDateTime } from '../ui/dates'
import { FileName } from '../ui/file-name'

/** The year's checklist: the required categories and every other one with files. */
export function ChecklistCard({ data }: { data: ClientDetail }) {
  // Category names in the interface's language (the server's are in the language the expert signed in with).
  const { t } = useTranslation(['admin', 'documents'])
  const shown = data.checklist.filter((c) => c.required || c.fileCount > 0)
  return (
    <section aria-labelledby="checklist-heading">
      <h2 id="checklist-heading">{t('client.checklist', { year: data.taxYear })}</h2>
      <ul className="checklist">
        {shown.map((c) => (
          <li key={c.id} className={c.fileCount > 0 || !c.isRelevant ? 'done' : 'open'}>
            <span aria-hidden="true">{c.fileCount > 0 || !c.isRelevant ? '✓' : '○'}</span>{' '}
            {/* The colon as each language sets it (French: a space before it). */}
            {t('client.checklist_item', {
              name: categoryLabel(c.id, t),
              required: c.required ? ` (${t('client.required')})` : '',
              files: c.isRelevant ? t('clients.files', { count: c.fileCount }) : t('client.not_relevant'),
            })}
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * Documents by category, each with View, Download and its versions. A document after transmission is marked new
 * when no expert had seen it before this visit (`fresh`), and otherwise says when and by whom it was seen.
 */
export function DocumentsCard({ data, fresh }: { data: ClientDetail; fresh: ReadonlySet<string> }) {
  const { t, i18n } = useTranslation(['admin', 'documents'])
  const late = new Map(data.lateFiles.map((l) => [l.fileId, l]))
  const byCategory = new Map<string, ClientDetail['files']>()
  for (const f of data.files) {
    const name = categoryLabel(f.categoryId, t)
    byCategory.set(name, [...(byCategory.get(name) ?? []), f])
  }
  const when = (iso: string) => formatDateTime(iso, i18n.resolvedLanguage ?? 'en')
  return (
    <section aria-labelledby="documents-heading">
      <h2 id="documents-heading">{t('client.documents', { year: data.taxYear })}</h2>
      {data.files.length === 0 && <p className="muted">{t('client.no_documents')}</p>}
      {[...byCategory].map(([category, files]) => (
        <div key={category} className="document-group">
          <h3>{category}</h3>
          <ul>
            {files.map((f) => (
              <li key={f.id}>
                <strong>
                  <FileName name={f.filename} />
                </strong>{' '}
                <span className="muted">
                  v{f.version} · {when(f.uploadedAt)}
                </span>{' '}
                <LateMark late={late.get(f.id)} fresh={fresh.has(f.id)} />
                <div className="control-row">
                  <a
                    href={f.blobUrl}
                    target="_blank"
                    rel="noopener"
                    aria-label={t('client.view_file', { name: f.filename })}
                  >
                    {t('client.view')}
                  </a>
                  <a
                    href={`${f.blobUrl}?download=1`}
                    download
                    aria-label={t('client.download_file', { name: f.filename })}
                  >
                    {t('client.download')}
                  </a>
                </div>
                <FileRecognition fileId={f.id} version={f.version} name={f.filename} />
                {f.versions.length > 1 && (
                  <details>
                    <summary>{t('client.versions', { count: f.versions.length })}</summary>
                    <ul>
                      {f.versions.map((v) => (
                        <li key={v.version}>
                          v{v.version} · {when(v.createdAt)} ·{' '}
                          <a
                            href={`${v.blobUrl}?download=1`}
                            download
                            aria-label={t('client.download_version', { name: f.filename, version: v.version })}
                          >
                            {t('client.download')}
                          </a>
                          {v.version !== f.version && (
                            <VersionRecognition fileId={f.id} version={v.version} name={f.filename} />
                          )}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  )
}

/** A document after transmission: new to the team, or when and by whom it was seen. */
function LateMark({ late, fresh }: { late: ClientDetail['lateFiles'][number] | undefined; fresh: boolean }) {
  const { t, i18n } = useTranslation('admin')
  if (!late) return null
  if (fresh || late.seenAt === null) return <span className="new-badge">{t('client.new_after_transmission')}</span>
  const date = formatDateTime(late.seenAt, i18n.resolvedLanguage ?? 'en')
  return (
    <span className="late-seen">
      {late.seenBy ? t('client.late_seen_by', { date, name: late.seenBy }) : t('client.late_seen', { date })}
    </span>
  )
}

/** The conversation, oldest first, and the reply box (it answers the client's latest message). */
export function MessagesCard({ messages, onReplied }: { messages: ClientDetail['messages']; onReplied: () => void }) {
  const { t, i18n } = useTranslation('admin')
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const last = [...messages].reverse().find((m) => !m.fromExpert)
  const send = async () => {
    if (!last || !text.trim()) return
    setBusy(true)
    try {
      await replyTo(last.id, text)
      setText('')
      toast({ title: t('messages.sent'), variant: 'success' })
      onReplied()
    } catch (err) {
      toast({ title: t('messages.failed'), description: messageOf(err, ''), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }
  return (
    <section aria-labelledby="messages-heading">
      <h2 id="messages-heading">{t('client.messages')}</h2>
      {messages.length === 0 && <p className="muted">{t('messages.none')}</p>}
      <ol className="thread">
        {messages.map((m) => (
          <li key={m.id} className={m.fromExpert ? 'from-expert' : 'from-client'}>
            <small className="muted">
              {m.fromExpert ? t('messages.expert') : t('messages.client')} ·{' '}
              {formatDateTime(m.createdAt, i18n.resolvedLanguage ?? 'en')}
            </small>
            <p>{m.message}</p>
            {m.attachment && (
              <a href={m.attachment.blobUrl} target="_blank" rel="noopener">
                {t('messages.attachment', { name: m.attachment.filename })}
              </a>
            )}
          </li>
        ))}
      </ol>
      {last && (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void send()
          }}
        >
          <label>
            {t('messages.reply_label')}
            <textarea value={text} rows={3} maxLength={20000} onChange={(e) => setText(e.target.value)} />
          </label>
          <button type="submit" disabled={busy || !text.trim()}>
            {t('messages.reply')}
          </button>
        </form>
      )}
    </section>
  )
}
