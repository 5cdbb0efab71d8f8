// Every message code the server sends has its texts in all six languages (issue 23: the server sends codes with
// parameters, the client owns the texts), and each text takes the parameters its code carries.
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { REMINDERS } from '../../shared/profile'
import { TAX_STATUSES } from '../../shared/tax-status'
import { NOTIFICATION_TEXTS, type NotificationMessage, notificationTexts } from './notification-texts'

const LANGUAGES = ['en', 'de', 'fr', 'it', 'gsw', 'zh']
const home = Object.fromEntries(
  LANGUAGES.map((l) => [l, JSON.parse(readFileSync(`locales/${l}/home.json`, 'utf8')) as Record<string, unknown>]),
)
const lookup = (lng: string, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], home[lng])

/** One message of every code and every variant of it (each reminder, a status move with and without a note). */
const EVERY_MESSAGE: NotificationMessage[] = [
  ...REMINDERS.map((field): NotificationMessage => ({ code: 'reminder', params: { field } })),
  { code: 'status_changed', params: { year: 2025, status: 'processing' } },
  { code: 'status_changed', params: { year: 2025, status: 'completed', note: 'Please send the 3a certificate.' } },
  { code: 'documents_transmitted', params: { year: 2025 } },
  { code: 'message_reply', params: { excerpt: 'Yes, you can.' } },
]

describe('notification texts', () => {
  test('the list above covers every code the client knows', () => {
    const codes: string[] = [...new Set(EVERY_MESSAGE.map((m) => m.code))]
    expect(codes.sort()).toEqual(Object.keys(NOTIFICATION_TEXTS).sort())
  })

  for (const lng of LANGUAGES)
    test(`every code has a title, a description and an action in ${lng}, with its parameters`, () => {
      for (const message of EVERY_MESSAGE) {
        const texts = notificationTexts(message)
        for (const key of [texts.title, texts.description, texts.action]) {
          const text = lookup(lng, key)
          expect(typeof text === 'string' && text.trim() !== '', `${lng} ${message.code} ${key}`).toBe(true)
        }
        // The description names what the parameters carry (the year, the note, the excerpt).
        const description = String(lookup(lng, texts.description))
        for (const name of Object.keys(message.params).filter((p) => p !== 'field'))
          expect(description, `${lng} ${texts.description}`).toContain(`{{${name}}}`)
      }
    })

  test('a status move with a note is told with the note, one without, without', () => {
    const [plain, noted] = EVERY_MESSAGE.filter((m) => m.code === 'status_changed').map(notificationTexts)
    expect(plain!.description).toBe('notifications.status_changed_description')
    expect(noted!.description).toBe('notifications.status_changed_note_description')
  })

  test('each reminder has its own texts', () => {
    const titles = REMINDERS.map((field) => notificationTexts({ code: 'reminder', params: { field } }).title)
    expect(new Set(titles).size).toBe(REMINDERS.length)
    expect(TAX_STATUSES.every((s) => typeof lookup('de', `status.name.${s.name}`) === 'string')).toBe(true)
  })
})
