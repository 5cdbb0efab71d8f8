import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { api, ApiRequestError } from '../api'
import { toast } from '../ui/toast'

export const MAX_MESSAGE_LENGTH = 5000
const SENT_NOTE_MS = 5000

/** The 'Send Message' box (spec part 1 §2, §5, §8): blank input is never sent. */
export function MessageBox() {
  const { t } = useTranslation('home')
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const [sentNote, setSentNote] = useState(false)

  useEffect(() => {
    if (!sentNote) return
    const timer = setTimeout(() => setSentNote(false), SENT_NOTE_MS)
    return () => clearTimeout(timer)
  }, [sentNote])

  async function send(e: FormEvent) {
    e.preventDefault()
    if (!text.trim()) {
      toast({ title: t('message.empty_title'), description: t('message.empty_text'), variant: 'destructive' })
      return
    }
    setBusy(true)
    try {
      await api('/api/send-message', { method: 'POST', body: { message: text } })
      setText('')
      setSentNote(true)
      toast({ title: t('message.sent_title'), description: t('message.sent_text'), variant: 'success' })
    } catch (err) {
      const message = err instanceof ApiRequestError ? err.serverMessage : undefined
      toast({ title: t('message.failed_title'), description: message ?? t('message.failed_text'), variant: 'destructive' })
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
        <small id="message-count" className="message-count">{t('message.count', { count: text.length, max: MAX_MESSAGE_LENGTH })}</small>
        <button type="submit" disabled={!text.trim() || busy} aria-busy={busy}>{busy ? t('message.sending') : t('message.send')}</button>
        {sentNote && <p className="sent-note" role="status">{t('message.sent_inline')}</p>}
      </form>
    </section>
  )
}
