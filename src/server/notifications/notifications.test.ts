import { afterEach, describe, expect, test } from 'bun:test'
import { testApp } from '../test-helpers'
import { fillProfile, fillUser } from '../users/test-fixtures'
import { notify } from './service'

let t: Awaited<ReturnType<typeof testApp>>
afterEach(() => t?.close())

type Item = { id: string; title: string; read: boolean; actionUrl: string | null }
const list = async (cookie: string) => (await t.request('GET', '/api/notifications', { cookie })).json as Item[]
const ids = async (cookie: string) => (await list(cookie)).map((n) => n.id)

describe('profile reminders (spec part 1 §5)', () => {
  test('a new user gets every reminder, as i18n keys with an action', async () => {
    t = await testApp()
    const anna = await t.signIn('anna@example.ch')
    const items = await list(anna.cookie)
    expect(items.map((n) => n.id)).toEqual([
      'reminder-name',
      'reminder-phone',
      'reminder-address',
      'reminder-tax_profile',
    ])
    expect(items[0]).toMatchObject({
      title: 'home:notifications.reminder_name_title',
      description: 'home:notifications.reminder_name_description',
      category: 'profile',
      priority: 'high',
      actionUrl: '/profile',
      read: false,
    })
  })

  test('each reminder disappears once its field is filled', async () => {
    t = await testApp()
    const anna = await t.signIn('anna@example.ch')
    await fillUser(t.ctx, anna.user.id, { firstName: 'Anna', lastName: 'Muster', phone: '' })
    expect(await ids(anna.cookie)).not.toContain('reminder-name')
    expect(await ids(anna.cookie)).toContain('reminder-phone')
    await fillUser(t.ctx, anna.user.id)
    await fillProfile(t.ctx, anna.user.id, { street: 'Bahnhofstrasse 1', city: '  ' })
    expect(await ids(anna.cookie)).toEqual(['reminder-address', 'reminder-tax_profile'])
    await fillProfile(t.ctx, anna.user.id, {
      street: 'Bahnhofstrasse 1',
      city: 'Zürich',
      isTaxProfileComplete: true,
    })
    expect(await ids(anna.cookie)).toEqual([])
  })
})

describe('read marks', () => {
  test('mark one read, then all; reminders stay listed but read', async () => {
    t = await testApp()
    const anna = await t.signIn('anna@example.ch')
    await notify(t.ctx, anna.user.id, {
      kind: 'documents_transmitted',
      category: 'documents',
      titleKey: 'home:notifications.transmitted_title',
      descriptionKey: 'home:notifications.transmitted_description',
      params: { year: 2025 },
    })
    const event = (await list(anna.cookie)).find((n) => n.id.startsWith('event-'))!
    expect((await t.request('POST', `/api/notifications/${event.id}/read`, { cookie: anna.cookie })).status).toBe(200)
    expect((await t.request('POST', '/api/notifications/reminder-phone/read', { cookie: anna.cookie })).status).toBe(
      200,
    )
    const after = await list(anna.cookie)
    expect(
      after
        .filter((n) => n.read)
        .map((n) => n.id)
        .sort(),
    ).toEqual([event.id, 'reminder-phone'].sort())
    expect((await t.request('POST', '/api/notifications/read-all', { cookie: anna.cookie })).status).toBe(200)
    expect((await list(anna.cookie)).every((n) => n.read)).toBe(true)
    expect(await list(anna.cookie)).toHaveLength(5)
  })

  test("another user's notification, or an unknown id, is a 404", async () => {
    t = await testApp()
    const anna = await t.signIn('anna@example.ch')
    const bert = await t.signIn('bert@example.ch')
    await notify(t.ctx, anna.user.id, {
      kind: 'message_reply',
      category: 'message',
      titleKey: 'home:notifications.reply_title',
      descriptionKey: 'home:notifications.reply_description',
    })
    const event = (await list(anna.cookie)).find((n) => n.id.startsWith('event-'))!
    expect((await list(bert.cookie)).some((n) => n.id === event.id)).toBe(false)
    for (const id of [event.id, 'event-999', 'reminder-bogus', 'x']) {
      const r = await t.request('POST', `/api/notifications/${id}/read`, { cookie: bert.cookie })
      expect(r.status).toBe(404)
      expect(r.json.code).toBe('NOT_FOUND')
    }
    expect((await list(anna.cookie)).find((n) => n.id === event.id)!.read).toBe(false)
  })

  test('needs a session', async () => {
    t = await testApp()
    expect((await t.request('GET', '/api/notifications')).status).toBe(401)
    expect((await t.request('POST', '/api/notifications/read-all')).status).toBe(401)
  })
})
