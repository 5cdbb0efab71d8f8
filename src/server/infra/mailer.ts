import type { Config } from '../config'
import type { Logger } from '../log'
import { isActiveLanguage } from '../../shared/languages'
import { localeTexts } from './locale-texts'

/** A finished mail (subject, plain text and HTML), already in the reader's language. */
export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
}

export interface Mailer {
  sendLoginCode(to: string, code: string, language: string): Promise<void>
  /** Any other mail (the client-mail area's outbox). Rejects when the SMTP server refuses it. */
  send(mail: OutgoingMail): Promise<void>
  /** Dev mode only: the last mails, for the debug panel. */
  readonly outbox?: { to: string; code: string; at: number }[]
}

const fill = (text: string, vars: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k) => vars[k] ?? '')

function loginCodeMail(code: string, language: string, appName: string, publicUrl: string) {
  const t = localeTexts('mail', isActiveLanguage(language) ? language : 'en')
  const vars = { code, appName, minutes: '10', url: publicUrl }
  const lines = [
    t.greeting,
    '',
    fill(t.code_intro, vars),
    '',
    `    ${code}`,
    '',
    fill(t.validity, vars),
    t.ignore,
    '',
    fill(t.signature, vars),
  ]
  return {
    subject: fill(t.subject, vars),
    text: lines.join('\n'),
    html:
      `<p>${escapeHtml(t.greeting)}</p><p>${escapeHtml(fill(t.code_intro, vars))}</p>` +
      `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${code}</p>` +
      `<p>${escapeHtml(fill(t.validity, vars))}<br>${escapeHtml(t.ignore)}</p><p>${escapeHtml(
        fill(t.signature, vars),
      )}</p>`,
  }
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * SMTP delivery when SMTP_URL is set. Without it (the embedded default) the code
 * goes to the server log, so that a fresh start works; start-up says so once.
 */
export function createMailer(config: Config, log: Logger): Mailer {
  const outbox: { to: string; code: string; at: number }[] = []
  const remember = (to: string, code: string) => {
    if (!config.dev) return
    outbox.unshift({ to, code, at: Date.now() })
    outbox.length = Math.min(outbox.length, 20)
  }
  if (!config.smtpUrl) {
    return {
      outbox: config.dev ? outbox : undefined,
      async sendLoginCode(to, code) {
        remember(to, code)
        log.info(`login code for ${to}: ${code} (no SMTP_URL configured, so it is logged instead of mailed)`)
      },
      // Only the subject: the log is not the place for a client's mail.
      async send(mail) {
        log.info(`mail to ${mail.to}: "${mail.subject}" (no SMTP_URL configured, so it is not sent)`)
      },
    }
  }
  // Loaded only when mail is configured: it is the largest module of the server.
  const transport = import('nodemailer').then((m) => m.default.createTransport(config.smtpUrl))
  return {
    outbox: config.dev ? outbox : undefined,
    async sendLoginCode(to, code, language) {
      remember(to, code)
      const mail = loginCodeMail(code, language, config.appName, config.publicUrl)
      await (await transport).sendMail({ from: config.mailFrom, to, ...mail })
    },
    async send(mail) {
      await (await transport).sendMail({ from: config.mailFrom, ...mail })
    },
  }
}
