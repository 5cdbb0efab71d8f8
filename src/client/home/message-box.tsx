import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { messageOf } from '../api/client'
import { invalidateMessages, useMessages, useSendMessage } from '../api/messages'
import { toast } from '../ui/toast'
import { MAX_MESSAGE_LENGTH } from '../../shared/messages'
import { formatDateTime } from '../ui/dates'
import { sha256Hex, uploadErrorText, uploadOne } from '../documents/documents-api'
import { ACCEPT_ATTRIBUTE } from '../../shared/documents'
import { afterFilesChanged } from '../api/documents'

/** The category a message's document is stored in: Other Documents (docs/documents.md). */
const OTHER_DOCUMENTS = 25

const SENT_NOTE_MS = 5000

/** How many of the latest messages and replies the box shows. */
const HISTORY_SHOWN = 5

/** "Sent" beside the button, for a few seconds after each message. */
function useSentNote() {
  const [sentNote, setSentNote] = useState(false)
  useEffect(() => {
    if (!sentNote) return
    const timer = setTimeout(() => setSentNote(false), SENT_NOTE_MS)
    return () => clearTimeout(timer)
  }, [sentNote])
  return [sentNote, setSentNote] as const
}

/** Stores the message's document as one of the year's Other Documents; resolves its file id. */
async function storeAttachment(attachment: File, taxYear: number): Promise<string> {
  const hash = await sha256Hex(attachment)
  const { item, statusAdvanced } = await uploadOne(attachment, hash, OTHER_DOCUMENTS, taxYear, () => {})
  await afterFilesChanged(taxYear, statusAdvanced)
  return item.id
}

/**
 * The 'Send Message' box (spec part 1 §2, §5, §8): blank input is never sent.
 * Below it, the latest messages with the experts' replies; `replyCount` changes
 * when a reply notification arrives, which reloads them.
 */
export function MessageBox({ replyCount, taxYear }: { replyCount: number; taxYear: number }) {
  const { t, i18n } = useTranslation('home')
  // A document with the message (issue 25): stored as one of the year's documents ("Other Documents") first, through
  // the same upload and checks as any other, then named by the message.
  const [attachment, setAttachment] = useState<File | null>(null)
  const sendMessage = useSendMessage()
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const [sentNote, setSentNote] = useSentNote()

  async function send(e: FormEvent) {
    e.preventDefault()
    if (!text.trim()) {
      toast({ title: t('message.empty_title'), description: t('message.empty_text'), variant: 'destructive' })
      return
    }
    setBusy(true)
    let attachmentFileId: string | undefined
    if (attachment) {
      try {
        attachmentFileId = await storeAttachment(attachment, taxYear)
      } catch (err) {
        setBusy(false)
        toast({
          title: t('message.attachment_failed'),
          description: uploadErrorText(err, i18n, { name: attachment.name, year: taxYear }),
          variant: 'destructive',
        })
        return
      }
    }
    try {
      await sendMessage.mutateAsync({ message: text, attachmentFileId })
      setText('')
      setAttachment(null)
      setSentNote(true)
      toast({ title: t('message.sent_title'), description: t('message.sent_text'), variant: 'success' })
    } catch (err) {
      toast({
        title: t('message.failed_title'),
        description: messageOf(err, t('message.failed_text'), { max: MAX_MESSAGE_LENGTH }),
        variant: 'destructive',
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="message-box" aria-labelledby="message-title">
      <h2 id="message-title">{t('message.title')}</h2>
      <p className="muted">{t('message.intro')}</p>
      <form onSubmit={send}>
        <label htmlFor="message-text">{t('message.label')}</label>
        <textarea
          id="message-text"
          rows={4}
          maxLength={MAX_MESSAGE_LENGTH}
          placeholder={t('message.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby="message-count"
        />
        <small id="message-count" className="message-count">
          {t('message.count', { count: text.length, max: MAX_MESSAGE_LENGTH })}
        </small>
        <AttachmentField attachment={attachment} onChange={setAttachment} />
        <button type="submit" disabled={!text.trim() || busy} aria-busy={busy}>
          {busy ? t('message.sending') : t('message.send')}
        </button>
        {sentNote && (
          <p className="sent-note" role="status">
            {t('message.sent_inline')}
          </p>
        )}
      </form>
      <MessageHistory replyCount={replyCount} />
    </section>
  )
}

function AttachmentField({ attachment, onChange }: { attachment: File | null; onChange: (file: File | null) => void }) {
  const { t } = useTranslation('home')
  const fileInput = useRef<HTMLInputElement>(null)
  return (
    <div className="message-attachment">
      <label htmlFor="message-file">{t('message.attach_label')}</label>
      {/* The browser's own file field speaks the browser's language ("Choose File" in a German page): the field
          stays (focused by keyboard, it opens the chooser), hidden behind a button and a line in the page's. */}
      <div className="file-pick">
        <input
          ref={fileInput}
          id="message-file"
          type="file"
          className="visually-hidden"
          accept={ACCEPT_ATTRIBUTE}
          aria-describedby="message-file-hint"
          onChange={(e) => onChange(e.currentTarget.files?.[0] ?? null)}
        />
        {/* For the mouse only (hidden from assistive technology): the keyboard reaches the field itself. */}
        <span className="file-pick-button" aria-hidden="true" onClick={() => fileInput.current?.click()}>
          {t('message.attach_choose')}
        </span>
        <span className="file-pick-name">{attachment?.name ?? t('message.attach_none')}</span>
      </div>
      <small id="message-file-hint" className="muted">
        {t('message.attach_hint')}
      </small>
      {attachment && (
        <button
          type="button"
          className="outline secondary"
          onClick={() => {
            onChange(null)
            if (fileInput.current) fileInput.current.value = ''
          }}
        >
          {t('message.attach_remove', { name: attachment.name })}
        </button>
      )}
    </div>
  )
}

/** The latest messages with the experts' replies; a new reply notification (`replyCount`) reloads them. */
function MessageHistory({ replyCount }: { replyCount: number }) {
  const { t, i18n } = useTranslation('home')
  const history = useMessages()
  // A new reply notification means a new reply: the history is fetched again (not on the first render).
  const seenReplies = useRef(replyCount)
  useEffect(() => {
    if (replyCount !== seenReplies.current) void invalidateMessages()
    seenReplies.current = replyCount
  }, [replyCount])
  return (
    history.length > 0 && (
      <>
        <h3 className="history-title">{t('message.history_title')}</h3>
        <ol className="message-history">
          {history.slice(-HISTORY_SHOWN).map((m) => (
            <li key={m.id} className={m.fromExpert ? 'from-expert' : 'from-user'}>
              <small>
                {m.fromExpert ? t('message.from_expert') : t('message.from_you')} ·{' '}
                {formatDateTime(m.createdAt, i18n.language)}
              </small>
              <p>{m.message}</p>
              {m.attachment && (
                <a href={m.attachment.blobUrl} target="_blank" rel="noopener">
                  {t('message.attachment', { name: m.attachment.filename })}
                </a>
              )}
            </li>
          ))}
        </ol>
      </>
    )
  )
}
