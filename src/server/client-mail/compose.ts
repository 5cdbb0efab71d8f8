import { isActiveLanguage, type Language } from '../../shared/languages'
import { escapeHtml } from '../infra/mailer'
import { stripUnsafeLineCharacters } from '../../shared/plain-text'
import type { TaxStatusName } from '../../shared/tax-status'
import { localeTexts } from '../infra/locale-texts'

const TEXTS = (lng: Language) => localeTexts('mail', lng).client
const SIGNATURE = (lng: Language) => localeTexts('mail', lng).signature
// The status names the client sees on the dashboard, so the mail and the screen agree.
const STATUS = (lng: Language): Record<TaxStatusName, string> => localeTexts('home', lng).status.name
const LOCALE: Record<Language, string> = {
  en: 'en-GB',
  de: 'de-CH',
  fr: 'fr-CH',
  it: 'it-CH',
  gsw: 'de-CH',
  zh: 'zh-CN',
}

/**
 * What a client mail may say. On purpose there is no field for a message's text,
 * a note's text, a document or an amount: a mail says that something happened and
 * links to the app, where the person reads it after signing in.
 */
export type ClientMailEvent =
  | { kind: 'expert_reply' }
  | { kind: 'status_changed'; year: number; status: TaxStatusName; hasNote: boolean }
  | { kind: 'deadline_reminder'; year: number; deadline: string; days: number }

export interface Recipient {
  email: string
  name: string
  language: string
}

const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k] ?? ''))

/** Subject, plain text and HTML of one client mail, in the client's language. */
export function composeClientMail(event: ClientMailEvent, to: Recipient, app: { appName: string; publicUrl: string }) {
  const lng: Language = isActiveLanguage(to.language) ? to.language : 'en'
  const t = TEXTS(lng)
  // A name stored before control characters were refused at input must not start a line of its own in the mail.
  const base = { appName: app.appName, url: app.publicUrl, name: stripUnsafeLineCharacters(to.name).trim() }
  let subject: string
  let body: string[]
  switch (event.kind) {
    case 'expert_reply':
      subject = fill(t.reply_subject, base)
      body = [t.reply_body]
      break
    case 'status_changed': {
      const vars = { ...base, year: event.year, status: STATUS(lng)[event.status] }
      subject = fill(t.status_subject, vars)
      body = [fill(t.status_body, vars), ...(event.hasNote ? [t.status_note] : [])]
      break
    }
    case 'deadline_reminder': {
      const deadline = new Date(`${event.deadline}T12:00:00Z`).toLocaleDateString(LOCALE[lng], {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })
      const vars = { ...base, year: event.year, deadline, days: event.days }
      subject = fill(t.reminder_subject, vars)
      body = [fill(t.reminder_body, vars)]
      break
    }
  }
  const greeting = base.name ? fill(t.client_greeting, base) : t.client_greeting_anonymous
  const signature = fill(SIGNATURE(lng), base)
  const text = [greeting, '', ...body, '', fill(t.open_link, base), '', t.unsubscribe, '', signature].join('\n')
  const html =
    `<p>${escapeHtml(greeting)}</p>${body.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}` +
    `<p><a href="${escapeHtml(app.publicUrl)}" style="display:inline-block;padding:10px ` +
    `18px;background:#d8232a;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(
      fill(t.open_button, base),
    )}</a></p>` +
    `<p style="color:#555;font-size:13px">${escapeHtml(t.unsubscribe)}</p><p>${escapeHtml(signature)}</p>`
  return { subject, text, html }
}
